from rt import *
n = "b101_from_import_module_script"; m, _, _ = load(n)
expected = jax.nn.softmax(m.logits / 0.1)
verdict(n, not np.allclose(m.cold, expected), f"cold={m.cold} expected={expected}")
