import equinox as eqx
import jax
import jax.numpy as jnp


def evaluate(model, batches):
    losses = []
    for x, y in batches:
        loss = eqx.filter_jit(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)  # expect: JXP603
        losses.append(loss)
    return jnp.stack(losses)
