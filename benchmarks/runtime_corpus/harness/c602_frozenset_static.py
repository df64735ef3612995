from rt import *
n = "c602_frozenset_static"; m, _, _ = load(n)
p = {"embed": jnp.ones(2), "pos": jnp.ones(2), "head": jnp.ones(2)}
e = raises(m.finetune_step, p, p)
verdict(n, e is not None, ename(e))
