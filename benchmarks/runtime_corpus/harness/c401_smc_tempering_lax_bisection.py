from rt import *
n = "c401_smc_tempering_lax_bisection"; m, _, _ = load(n)
parts = jax.random.normal(jax.random.PRNGKey(0), (64, 2))
e = raises(m.tempering_step, parts, jnp.float32(0.0), jax.random.PRNGKey(1))
_, b = m.tempering_step(parts, jnp.float32(0.0), jax.random.PRNGKey(1))
verdict(n, e is not None or not (0.0 < float(b) < 1.0), f"{ename(e)} beta={float(b):.4f}")
