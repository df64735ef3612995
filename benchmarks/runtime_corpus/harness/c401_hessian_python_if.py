from rt import *
n = "c401_hessian_python_if"; m, _, _ = load(n)
errs = [raises(m.curvature, jnp.array([0.1, 0.2])), raises(m.jacobian, jnp.array([2.0, 1.0]))]
verdict(n, any(errs), [ename(e) for e in errs])
