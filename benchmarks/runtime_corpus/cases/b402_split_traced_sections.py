# Gradient accumulation: split the batch into micro-batches.
import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


def accumulated_grad(w, batch, num_micro):
    micro = jnp.split(batch, num_micro)  # expect: JXP402
    grads = [jax.grad(loss_fn)(w, mb) for mb in micro]
    return sum(grads) / len(grads)


accumulated_grad_jit = jax.jit(accumulated_grad)
