from rt import *
n = "c401_shape_tests"; m, _, _ = load(n)
errs = [raises(m.ensure_batched, jnp.ones(3)), raises(m.ensure_batched, jnp.ones((2, 3)), jnp.ones((2, 3), bool))]
verdict(n, any(errs), [ename(e) for e in errs])
