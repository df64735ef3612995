# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class Counter(nnx.Module):
    def __init__(self):
        self.count = nnx.Variable(jnp.array(0))
        self.total = nnx.Variable(jnp.array(0.0))


@jax.jit
def step(graphdef, state, x):
    model = nnx.merge(graphdef, state)
    model.count.value += 1
    model.total.value = model.total.value + x.sum()
    return nnx.state(model)


def run(xs):
    graphdef, state = nnx.split(Counter())
    for x in xs:
        state = step(graphdef, state, x)
    return nnx.merge(graphdef, state)
