from rt import *
n = "c101_table_extended_after_reader_before_calls"; m, _, _ = load(n)
a = m.anchor_areas(jnp.array([1.0, 0.5]))
ref = (np.array([32.0, 64.0, 128.0])[None, :] * np.array([1.0, 0.5])[:, None]) ** 2
verdict(n, not np.allclose(a, ref), f"areas row0={np.asarray(a[0])} (list filled at import, before the first trace)")
