# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def update(params, x):
    def loss_fn(p):
        logits = x @ p
        return jnp.mean(logits ** 2), {"logits": logits}

    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    hist = []
    for i in range(3):
        hist.append(loss * i)
    return params - 0.1 * grads, aux["logits"], jnp.stack(hist)
