from rt import *
n = "b601_grad_ema_tracker"; m, _, _ = load(n)
e = raises(m.fit, jnp.zeros(2), jnp.eye(2), jnp.ones(2))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
