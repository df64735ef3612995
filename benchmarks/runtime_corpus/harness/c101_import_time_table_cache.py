from rt import *
n = "c101_import_time_table_cache"; m, _, _ = load(n)
try:
    ok = True
    for k in (4, 8, 16):
        x = jnp.arange(float(k))
        ref = np.array([sum(float(x[i]) * np.cos(np.pi * (2 * i + 1) * j / (2 * k)) for i in range(k)) for j in range(k)])
        ok = ok and np.allclose(np.asarray(m.dct(x)), ref, atol=1e-3)
    verdict(n, not ok, f"dct matches reference={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
