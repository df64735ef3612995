from rt import *
n = "c603_eval_jit_hoisted"; m, _, _ = load(n)
params = {"w": jnp.ones((3, 4)), "v": jnp.ones(4)}
batches = [(jnp.ones((8, 3)) * i, jnp.zeros(8)) for i in range(5)]
m.validate(params, batches)
with TraceCounter() as tc:
    m.validate(params, batches)
verdict(n, tc.n >= 5, f"{tc.n} compilations on second pass")
