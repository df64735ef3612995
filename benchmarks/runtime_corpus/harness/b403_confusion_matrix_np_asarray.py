from rt import *
n = "b403_confusion_matrix_np_asarray"; m, _, _ = load(n)
p = {"w": jnp.eye(4), "b": jnp.zeros(4)}
e = raises(m.eval_step, p, jnp.eye(4), jnp.arange(4))
verdict(n, e is not None, ename(e))
