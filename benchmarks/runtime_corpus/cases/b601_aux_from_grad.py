import jax
import jax.numpy as jnp


@jax.jit
def update(params, x):
    aux = {}

    def loss_fn(p):
        logits = x @ p
        aux["logits"] = logits  # expect: JXP601
        return jnp.mean(logits ** 2)

    grads = jax.grad(loss_fn)(params)
    return params - 0.1 * grads, aux["logits"]
