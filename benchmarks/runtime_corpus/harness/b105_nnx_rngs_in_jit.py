from rt import *
n = "b105_nnx_rngs_in_jit"; m, _, _ = load(n)
from flax import nnx
model = m.MLP(8, 64, rngs=nnx.Rngs(1))
x = jnp.ones((1, 8))
a = m.noisy_forward(model, x); b = m.noisy_forward(model, x)
verdict(n, bool(jnp.array_equal(a == 0, b == 0)), f"same dropout mask on both calls: {bool(jnp.array_equal(a == 0, b == 0))}")
