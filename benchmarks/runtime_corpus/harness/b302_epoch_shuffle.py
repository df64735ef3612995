from rt import *
n = "b302_epoch_shuffle"; m, _, _ = load(n)
o = m.epochs(jnp.arange(10), 3, 0)
verdict(n, bool(jnp.all(o[0] == o[1])), f"same order each epoch: {bool(jnp.all(o[0] == o[1]))}")
