from rt import *
n = "c502_batch_copy_then_pop"; m, _, _ = load(n)
b = {"inputs": jnp.ones((2, 3)), "labels": jnp.array([0, 1])}
e = raises(m.evaluate, jnp.eye(3), [b, b])
verdict(n, e is not None or "labels" not in b, f"{ename(e)} keys {sorted(b)}")
