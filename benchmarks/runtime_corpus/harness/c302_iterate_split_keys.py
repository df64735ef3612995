from rt import *
n = "c302_iterate_split_keys"; m, _, _ = load(n, key_reuse=True)
errs = [raises(m.perturb_all, jax.random.key(0), [jnp.ones(2), jnp.ones(3)]), raises(m.sample_until, jax.random.key(0), 0.5)]
verdict(n, any(errs), [ename(e) for e in errs])
