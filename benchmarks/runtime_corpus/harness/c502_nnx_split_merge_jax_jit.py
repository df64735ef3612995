from rt import *
n = "c502_nnx_split_merge_jax_jit"; m, _, _ = load(n)
c = m.run([jnp.ones(2)] * 3)
verdict(n, int(c.count.value) != 3 or float(c.total.value) != 6.0, f"count {c.count.value} total {c.total.value}")
