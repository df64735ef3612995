from rt import *
n = "b603_eval_lambda_jit_per_batch"; m, _, _ = load(n)
params = {"w": jnp.ones((3, 4)), "v": jnp.ones(4)}
batches = [(jnp.ones((8, 3)) * i, jnp.zeros(8)) for i in range(5)]
m.validate(params, batches)
with TraceCounter() as tc:
    m.validate(params, batches)
verdict(n, tc.n >= 5, f"{tc.n} compilations for 5 batches on the second pass")
