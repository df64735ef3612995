from rt import *
n = "c401_linen_apply_method_encode_jit"; m, _, _ = load(n)
try:
    variables = m.model.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
    z = m.encode(variables, jnp.ones((3, 4)))
    r = m.reconstruct_eager(variables, jnp.ones((3, 4)))
    ok = z.shape == (3, 2) and r.shape == (3, 4)
    verdict(n, not ok, f"jit(encode) {z.shape}, eager __call__ {r.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
