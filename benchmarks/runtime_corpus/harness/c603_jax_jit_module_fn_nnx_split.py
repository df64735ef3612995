from rt import *
from flax import nnx
n = "c603_jax_jit_module_fn_nnx_split"; m, _, _ = load(n)
model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
batches = [(jnp.ones((4, 3)), jnp.zeros((4, 1)))] * 4
m.eval_all(model, batches[:1])
with TraceCounter() as tc:
    ls = m.eval_all(model, batches)
verdict(n, tc.n > 0, f"compilations for 4 more same-shape batches: {tc.n} (jax.jit of a module-level fn hits the cache)")
