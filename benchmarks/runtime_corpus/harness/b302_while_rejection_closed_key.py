from rt import *
n = "b302_while_rejection_closed_key"; m, _, _ = load(n)
k = next(jax.random.PRNGKey(s) for s in range(100) if float(jax.random.normal(jax.random.PRNGKey(s))) < 0)
x, i = m.sample_positive(k)
verdict(n, int(i) == 20 and float(x) <= 0, f"x={float(x)} after {int(i)} iterations: every proposal identical")
