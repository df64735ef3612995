from rt import *
from flax import nnx
n = "b603_nnx_jit_in_helper_called_in_loop"; m, _, _ = load(n)
model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
batches = [(jnp.ones((4, 3)), jnp.zeros((4, 1)))] * 4
m.eval_all(model, batches[:1])
with TraceCounter() as tc:
    m.eval_all(model, batches)
verdict(n, tc.n >= 3, f"compilations for 4 same-shape batches: {tc.n} (each nnx.jit wrapper compiles anew)")
