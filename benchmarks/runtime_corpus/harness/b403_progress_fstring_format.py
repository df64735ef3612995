from rt import *
n = "b403_progress_fstring_format"; m, _, _ = load(n)
p = {"a": jnp.ones(4), "b": jnp.zeros(4), "c": jnp.ones(4) * 0.1}
e = raises(m.train_step, p, jnp.linspace(0, 1, 8))
verdict(n, e is not None, ename(e))
