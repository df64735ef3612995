from rt import *
n = "c602_tuple_dims_self_apply"; m, _, _ = load(n)
out = m.model(jnp.ones((3, 5)))
a = m.act(jnp.array([-1.0, 1.0]), activation="relu")
ok = out.shape == (3, 2) and a.tolist() == [0.0, 1.0]
verdict(n, not ok, f"{out.shape} {a}")
