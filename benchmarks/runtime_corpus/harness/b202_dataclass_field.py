from rt import *
n = "b202_dataclass_field"; m, _, _ = load(n)
s = m.GridState(jnp.zeros((2, 2)), jnp.array(0))
s2 = m.move(s, 0, jnp.ones(2))
verdict(n, float(s2.positions.sum()) == 0.0, f"positions sum after move {float(s2.positions.sum())}, t={int(s2.t)}")
