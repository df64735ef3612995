from rt import *
n = "c301_exclusive_branches"; m, _, _ = load(n, key_reuse=True)
errs = [raises(m.perturb, jax.random.key(0), jnp.ones(3), k) for k in ("gaussian", "uniform", "none")]
errs.append(raises(jax.jit(m.perturb_traced), jax.random.key(0), jnp.ones(3), True))
verdict(n, any(e is not None for e in errs), [ename(e) for e in errs])
