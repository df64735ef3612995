from rt import *
n = "c105_fixed_random_features"; m, _, _ = load(n)
x = jnp.linspace(-1, 1, 6)[:, None]
k1 = m.approx_kernel(x, x); k2 = m.approx_kernel(x, x)
diag_ok = np.allclose(jnp.diag(k1), 1.0, atol=0.35)
verdict(n, not (np.allclose(k1, k2) and diag_ok), f"kernel reproducible across calls: {np.allclose(k1, k2)}; diag ~1: {diag_ok}")
