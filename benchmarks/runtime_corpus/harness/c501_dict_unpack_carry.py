from rt import *
n = "c501_dict_unpack_carry"; m, _, _ = load(n)
a = jnp.array([[2.0, 0.0], [0.0, 1.0]])
e = raises(m.power_iteration, a)
lam = None if e else float(m.power_iteration(a)[0])
verdict(n, e is not None or abs(lam - 2.0) > 1e-3, f"{ename(e)} eig={lam}")
