from rt import *
n = "b602_sorted_keys_static"; m, _, _ = load(n)
p = {"embed": jnp.ones(2), "head": jnp.ones(2)}
e = raises(m.finetune, p, p)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
