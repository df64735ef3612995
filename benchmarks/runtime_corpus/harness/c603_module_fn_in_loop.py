from rt import *
n = "c603_module_fn_in_loop"; m, _, _ = load(n)
tc = TraceCounter()
params, batches = jnp.ones(2), [jnp.ones((3, 2)) + i for i in range(4)]
m.loss_fn(params, batches[0])
with tc:
    m.evaluate(params, batches)
verdict(n, tc.n > 1, f"{tc.n} traces for 4 batches")
