from rt import *
n = "b603_jit_lambda_in_helper"; m, _, _ = load(n)
tc = TraceCounter()
params, batches = jnp.ones(2), [jnp.ones((3, 2)) + i for i in range(4)]
m.evaluate(params, batches[:1])
with tc:
    m.evaluate(params, batches)
verdict(n, tc.n >= 4, f"{tc.n} compiles for 4 batches of one shape")
