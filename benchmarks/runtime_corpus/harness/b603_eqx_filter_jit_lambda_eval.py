from rt import *
n = "b603_eqx_filter_jit_lambda_eval"; m, _, _ = load(n)
model = m.eqx.nn.Linear(3, 1, key=jax.random.key(0))
batches = [(jnp.ones((4, 3)) * i, jnp.zeros((4, 1))) for i in range(4)]
tc = TraceCounter()
with tc:
    m.evaluate(model, batches)
verdict(n, tc.n >= 4, f"{tc.n} compiles for 4 batches")
