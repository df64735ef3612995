from rt import *
n = "c403_closed_over_python_cfg"; m, _, _ = load(n)
upd = m.make_optimizer({"lr": "0.1", "warmup": 10})
e = raises(upd, jnp.ones(2), jnp.ones(2), 0)
verdict(n, e is not None, ename(e))
