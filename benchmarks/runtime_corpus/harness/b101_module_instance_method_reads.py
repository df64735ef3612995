from rt import *
n = "b101_module_instance_method_reads"; m, _, _ = load(n)
w = jnp.ones(2)
ds = [jnp.array([[0.0, 0.0], [2.0, 4.0]]) + 10.0 * i for i in range(3)]
vals = m.evaluate(w, ds)
ref = np.tanh((np.asarray(ds[-1]) - m.normalizer.mean) / m.normalizer.std) @ np.ones(2)
verdict(n, not np.allclose(vals[-1], ref, atol=1e-5), f"last values {np.asarray(vals[-1])} ref {ref}")
