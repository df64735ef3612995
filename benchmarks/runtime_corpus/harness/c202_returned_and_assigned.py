from rt import *
n = "c202_returned_and_assigned"; m, _, _ = load(n)
out = m.scatter_updates(jnp.zeros(3), jnp.array([1]), jnp.array([5.0]))
g = m.maybe_get(jnp.ones(3), 10)
verdict(n, not (list(map(float, out)) == [1.0, 5.0, 0.0] and float(g) == 0.0), f"out={out} g={g}")
