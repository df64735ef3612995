from rt import *
n = "b301_eqx_two_linears_same_key"; m, _, _ = load(n, key_reuse=True)
e = raises(lambda: m.SelfAttention(4, jax.random.key(0)))
if key_reuse_error(e):
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
else:
    jax.config.update("jax_debug_key_reuse", False)
    a = m.SelfAttention(4, jax.random.key(0))
    same = bool(jnp.array_equal(a.query.weight, a.key_proj.weight))
    verdict(n, same, f"query and key projections initialised identically: {same}")
