from rt import *
n = "b401_hk_get_state_if"; m, _, _ = load(n)
x = jnp.ones((2, 3))
params, state = m.net.init(jax.random.key(0), x)
e = raises(m.apply_fn, params, state, None, x)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
