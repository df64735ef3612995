from rt import *
n = "c202_eqx_tree_at_with_at"; m, _, _ = load(n)
lin = m.eqx.nn.Linear(3, 2, key=jax.random.key(0))
a = m.zero_first_row(lin); b = m.prune(lin, 1)
ok = float(jnp.abs(a.weight[0]).sum()) == 0.0 and float(b.bias[1]) == 0.0
verdict(n, not ok, f"row0 {a.weight[0]}, bias {b.bias}")
