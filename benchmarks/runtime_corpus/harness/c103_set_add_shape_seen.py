from rt import *
n = "c103_set_add_shape_seen"; m, _, _ = load(n)
table = jnp.ones((10, 3))
for L in [4, 4, 6, 4, 6]:
    m.encode(jnp.zeros((2, L), jnp.int32), table)
want = [((2, 4), "int32"), ((2, 6), "int32")]
verdict(n, m.report() != want, f"compiled_shapes={m.report()} (same set as if added on every call)")
