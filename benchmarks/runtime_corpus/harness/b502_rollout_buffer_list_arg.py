from rt import *
n = "b502_rollout_buffer_list_arg"; m, _, _ = load(n)
tr = m.collect(lambda s: jnp.int32(1), jnp.zeros(4), 3)
e = raises(lambda: jnp.stack([t[2] for t in tr]))
verdict(n, e is not None or len(tr) != 3, f"{len(tr)} transitions; stacking rewards -> {ename(e)}")
