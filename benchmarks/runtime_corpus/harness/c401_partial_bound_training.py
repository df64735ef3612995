from rt import *
n = "c401_partial_bound_training"; m, _, _ = load(n)
p = jnp.ones((2, 2)); x = jnp.ones((1, 2))
e1 = raises(m.train_fwd, p, x); e2 = raises(m.eval_fwd, p, x)
ok = e1 is None and e2 is None and float(m.train_fwd(p, x)) == 2.0 and float(m.eval_fwd(p, x)) == 4.0
verdict(n, not ok, [ename(e1), ename(e2)])
