from rt import *
n = "c601_self_input_spec_shape"; m, _, _ = load(n)
pol = m.Policy(jnp.eye(3))
for _ in range(3):
    pol.act(jnp.ones((5, 3)))
e = raises(pol.describe)
desc = pol.describe() if e is None else ""
verdict(n, e is not None or "(5, 3)" not in desc, f"{desc} {ename(e)}")
