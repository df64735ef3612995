from rt import *
n = "c101_step_as_argument"; m, e, _ = load(n)
w = jnp.zeros(2); x = m.x; y = m.y
for s in range(5):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    w = w - 0.1 * min(1.0, (s + 1) / 5) * g
verdict(n, e is not None or not bool(jnp.allclose(m.w, w, atol=1e-6)), f"jitted w={m.w} reference w={w}")
