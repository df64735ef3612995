from rt import *
n = "b601_linen_store_attention"; m, _, _ = load(n)
e = raises(m.SelfAttention().init, jax.random.key(0), jnp.ones((3, 8)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
