from rt import *
n = "b603_nnx_jit_module_fn_in_loop"; m, _, _ = load(n)
batches = [(jnp.ones((4, 3)) * i, jnp.ones((4, 1))) for i in range(5)]
m.fit(batches)  # warm-up pass
tc = TraceCounter()
with tc:
    m.fit(batches)
verdict(n, tc.n >= 5, f"{tc.n} compilations on a second pass over 5 same-shape batches")
