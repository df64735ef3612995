from rt import *
n = "c302_while_true_resample_break"; m, _, _ = load(n, key_reuse=True)
try:
    mat, tries = m.sample_nonsingular(jax.random.key(0), 3)
    ok = abs(float(jnp.linalg.det(mat))) > 1e-3 and tries >= 1
    verdict(n, not ok, f"tries={tries}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
