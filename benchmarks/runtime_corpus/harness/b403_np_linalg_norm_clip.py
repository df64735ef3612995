from rt import *
n = "b403_np_linalg_norm_clip"; m, _, _ = load(n)
e = raises(m.clip_update, {"a": jnp.ones(3), "b": jnp.ones(2)})
verdict(n, e is not None, ename(e))
