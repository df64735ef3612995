from rt import *
n = "c502_ema_pytree_update_result_used"; m, _, _ = load(n)
p = {"w": jnp.ones(2)}
ema = m.EMA(0.5, {"w": jnp.ones(2)})
for _ in range(2):
    p, ema = m.train_step(p, ema, {"w": jnp.ones(2)})
# w: 1 -> 0.9 -> 0.8; ema: 1 -> 0.95 -> 0.875
ok = np.allclose(p["w"], 0.8) and np.allclose(ema.params["w"], 0.875)
verdict(n, not ok, f"w={np.asarray(p['w'])} ema={np.asarray(ema.params['w'])}")
