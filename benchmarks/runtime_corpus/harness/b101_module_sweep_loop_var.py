from rt import *
n = "b101_module_sweep_loop_var"; m, _, _ = load(n)
exp = jax.nn.softmax(m.logits / 0.1)
verdict(n, not np.allclose(m.results[0.1], exp), f"t=0.1 got {m.results[0.1]} expected {exp}")
