from rt import *
n = "b403_hk_state_np_conversion"; m, _, _ = load(n)
x = jnp.ones((3, 2))
params, state = m.net.init(jax.random.PRNGKey(0), x, True)
e = raises(m.train_forward, params, state, jax.random.PRNGKey(1), x)
verdict(n, e is not None, f"{ename(e)}")
