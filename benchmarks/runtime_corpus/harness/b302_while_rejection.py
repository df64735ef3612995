from rt import *
n = "b302_while_rejection"; m, _, _ = load(n)
# find a key whose first draw is negative: then every retry repeats it
k = next(jax.random.PRNGKey(s) for s in range(100) if float(jax.random.normal(jax.random.PRNGKey(s))) < 0)
s, t = m.sample_positive(k)
verdict(n, t == 5 and s < 0, f"sample={s} tries={t}: every retry drew the same value")
