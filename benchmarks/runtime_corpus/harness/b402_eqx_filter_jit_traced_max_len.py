from rt import *
n = "b402_eqx_filter_jit_traced_max_len"; m, _, _ = load(n)
model = m.Pooler(4, jax.random.key(0))
e = raises(m.pooled, model, jnp.ones((2, 5, 4)), jnp.array([3, 4]))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
