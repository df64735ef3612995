from rt import *
n = "b301_helper_twice"; m, _, _ = load(n)
p = m.init_model(jax.random.PRNGKey(0))
same = bool(jnp.allclose(p["encoder"], p["decoder"]))
verdict(n, same, f"encoder == decoder weights: {same}")
