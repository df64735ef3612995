from rt import *
n = "c302_comprehension_fold_in_index"; m, _, _ = load(n, key_reuse=True)
try:
    means = m.bootstrap_means(jax.random.key(0), jnp.arange(50.0))
    ok = len({round(float(v), 5) for v in means}) == 8
    verdict(n, not ok, f"means={means}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
