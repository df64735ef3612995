from rt import *
n = "c401_jnp_static_queries"; m, _, _ = load(n)
errs = [raises(m.promote, jnp.float32(1.0)), raises(m.promote, jnp.arange(4))]
verdict(n, any(errs), [ename(e) for e in errs])
