from rt import *
n = "c501_while_carry_three"; m, _, _ = load(n)
v = float(m.sqrt_newton(jnp.float32(2.0)))
verdict(n, abs(v - 2 ** 0.5) > 1e-5, v)
