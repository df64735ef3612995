from rt import *
n = "b202_freeze_bias_multiply"; m, _, _ = load(n)
p = {"w": jnp.ones((2,)), "b": jnp.zeros((1,))}
out = m.train_step(p, jnp.ones((3, 2)), jnp.zeros(3))
b = float(out["b"][0])
verdict(n, b != 0.0, f"bias after step (should stay frozen at 0): {b}")
