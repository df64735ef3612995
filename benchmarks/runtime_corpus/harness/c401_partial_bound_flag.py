from rt import *
n = "c401_partial_bound_flag"; m, _, _ = load(n)
e1 = raises(m.train_forward, jnp.eye(2), jnp.ones(2)); e2 = raises(m.eval_forward, jnp.eye(2), jnp.ones(2))
ok = e1 is None and e2 is None and bool(jnp.allclose(m.train_forward(jnp.eye(2), jnp.ones(2)), 0.5))
verdict(n, not ok, f"{ename(e1)} {ename(e2)}")
