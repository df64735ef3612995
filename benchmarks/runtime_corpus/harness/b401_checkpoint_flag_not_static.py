from rt import *
n = "b401_checkpoint_flag_not_static"; m, _, _ = load(n)
e = raises(m.grad_fn, jnp.eye(2), jnp.ones(2))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
