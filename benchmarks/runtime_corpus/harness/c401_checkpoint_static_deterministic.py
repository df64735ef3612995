from rt import *
n = "c401_checkpoint_static_deterministic"; m, _, _ = load(n)
e = raises(m.grad_fn, jnp.eye(2) * 0.5, jnp.ones((1, 2)))
verdict(n, e is not None, f"{ename(e)} {str(e)[:80] if e else ''}")
