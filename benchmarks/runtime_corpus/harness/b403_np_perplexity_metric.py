from rt import *
n = "b403_np_perplexity_metric"; m, _, _ = load(n)
t = jnp.zeros((2, 5), jnp.int32)
v = m.model.init(jax.random.key(0), t)
e = raises(m.eval_step, v, t, t)
verdict(n, e is not None, ename(e))
