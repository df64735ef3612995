from rt import *
n = "c201_nnx_batchstat_ema_setitem"; m, _, _ = load(n)
model, opt = m.make()
x = jax.random.normal(jax.random.key(0), (16, 3)) + 2.0; y = jnp.ones(16)
for _ in range(4):
    m.train_step(model, opt, x, y)
ref = (1 - 0.9 ** 4) * x.mean(0)
got = model.norm.mean[...]
ok = bool(jnp.allclose(got, ref, atol=1e-5)) and int(model.norm.count[...]) == 4
verdict(n, not ok, f"mean={got} ref={ref} count={int(model.norm.count[...])}")
