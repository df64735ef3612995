from rt import *
n = "b403_np_clip_grads"; m, _, _ = load(n)
e = raises(m.clipped_update, {"w": jnp.ones(2)}, {"w": jnp.array([5.0, -5.0])})
verdict(n, e is not None, ename(e))
