from rt import *
n = "b603_jit_lambda_in_comprehension"; m, _, _ = load(n)
bs = [{"x": jnp.ones((3, 2)) * i, "y": jnp.zeros(3)} for i in range(5)]
m.loss(jnp.ones(2), bs[0])
tc = TraceCounter()
with tc:
    m.validation_losses(jnp.ones(2), bs)
verdict(n, tc.n >= 5, f"{tc.n} compiles for 5 batches")
