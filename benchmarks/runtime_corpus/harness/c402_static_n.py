from rt import *
n = "c402_static_n"; m, _, _ = load(n)
errs = [raises(m.pad_to, jnp.ones(3), 5), raises(m.top_k_mean, jnp.arange(5.0), k=2)]
verdict(n, any(errs), [ename(e) for e in errs])
