from rt import *
n = "c401_eqx_filter_jit_training_flag"; m, _, _ = load(n)
model = m.eqx.nn.Linear(3, 1, key=jax.random.key(0))
x = jnp.ones((2, 3))
e = raises(m.forward, model, x, True)
ok = e is None and np.allclose(m.forward(model, x, True), 0.5 * m.forward(model, x, False))
verdict(n, not ok, ename(e) or "training=True halves output")
