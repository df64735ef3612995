from rt import *
n = "c401_static_argnums_kwarg_call"; m, exc, _ = load(n)
e = exc or raises(m.train_step, jnp.eye(2), jnp.ones(2))
ok = e is None and bool(jnp.allclose(m.train_step(jnp.eye(2), jnp.ones(2)), 0.5))
verdict(n, not ok, f"{ename(e)}: {str(e)[:120] if e else 'static_argnums also covers the keyword'}")
