import flax.struct
import jax
import jax.numpy as jnp


@flax.struct.dataclass
class EMA:
    decay: float = flax.struct.field(pytree_node=False)
    params: dict

    def update(self, new_params):
        return self.replace(params=jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, self.params, new_params))


@jax.jit
def train_step(params, ema, grads):
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    ema = ema.update(params)
    return params, ema
