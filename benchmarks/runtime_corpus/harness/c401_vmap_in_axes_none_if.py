from rt import *
n = "c401_vmap_in_axes_none_if"; m, _, _ = load(n)
errs = [raises(m.batch_scale, jnp.ones((3, 4)), 0.7), raises(m.batch_scale, jnp.ones((3, 4)), 0.0)]
verdict(n, any(errs), [ename(e) for e in errs])
