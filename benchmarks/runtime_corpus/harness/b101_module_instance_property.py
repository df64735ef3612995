from rt import *
n = "b101_module_instance_property"; m, _, _ = load(n)
xs = [jnp.array([float(i), 2.0 * i * i]) for i in range(4)]
out = m.stream(xs)
ref = (np.asarray(xs[-1]) - m.stats.mean) / m.stats.std
verdict(n, not np.allclose(out[-1], ref, atol=1e-4), f"last {np.asarray(out[-1])} ref {ref} (mean/std frozen at first trace)")
