from rt import *
n = "b602_set_frozen_modules"; m, _, _ = load(n)
p = {"encoder": jnp.ones(2), "head": jnp.ones(2)}
e = raises(m.finetune_step, p, p)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
