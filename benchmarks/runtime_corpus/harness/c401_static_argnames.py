from rt import *
n = "c401_static_argnames"; m, _, _ = load(n)
errs = [raises(m.dropout, jax.random.key(0), jnp.ones(3), training=t) for t in (True, False)]
verdict(n, any(errs), [ename(e) for e in errs])
