from rt import *
n = "b402_eqx_decode_array_field_range"; m, _, _ = load(n)
model = m.GreedyDecoder(5, 4, 3, jax.random.PRNGKey(0))
e = raises(m.generate, model, jnp.array(0))
verdict(n, e is not None, f"{ename(e)} (max_len is a jax.Array field: traced under filter_jit)")
