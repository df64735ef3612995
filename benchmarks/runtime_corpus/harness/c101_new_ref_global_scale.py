from rt import *
n = "c101_new_ref_global_scale"; m, _, _ = load(n)
x = jnp.eye(2); y = jnp.ones(2); w = jnp.zeros(2)
ref = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
m.scaled_grads(w, x, y)
m.adjust_loss_scale(False); m.adjust_loss_scale(False)
# with a stale scale baked in, the ratio would be off by 4x
g = m.scaled_grads(w, x, y)
seen = []
probe = jax.jit(lambda: m.loss_scale[...])
verdict(n, not (np.allclose(g, ref) and float(probe()) == 2.0 ** 13), f"g={np.asarray(g)} ref={np.asarray(ref)} scale seen under jit={float(probe())}")
