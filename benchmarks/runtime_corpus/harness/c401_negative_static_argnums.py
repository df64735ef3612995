from rt import *
n = "c401_negative_static_argnums"; m, _, _ = load(n)
errs = [raises(m.apply_norm_jit, jnp.arange(3.0), 2.0, md) for md in ("layer", "rms")]
verdict(n, any(errs), [ename(e) for e in errs])
