from rt import *
n = "c302_sampling_loop_split"; m, _, _ = load(n, key_reuse=True)
apply_fn = lambda p, t: jnp.zeros((t.shape[0], 5))
e = raises(m.generate, apply_fn, None, [1, 2], jax.random.PRNGKey(0))
verdict(n, e is not None, ename(e))
