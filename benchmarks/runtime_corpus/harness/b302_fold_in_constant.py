from rt import *
n = "b302_fold_in_constant"; m, _, _ = load(n)
s = m.noisy_evals(jax.random.PRNGKey(0), jnp.zeros(3), 3)
verdict(n, float(s[0]) == float(s[1]), f"scores {[float(v) for v in s]}")
