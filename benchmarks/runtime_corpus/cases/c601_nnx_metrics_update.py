# expect: none
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))


@nnx.jit
def eval_step(model, metrics, x, y):
    loss = jnp.mean((model(x) - y) ** 2)
    metrics.update(loss=loss)
    return loss
