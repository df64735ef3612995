import jax
import jax.numpy as jnp


def loss_fn(w, xb):
    return jnp.mean((xb @ w) ** 2)


@jax.jit
def accumulated_grad(w, batch, n_micro):
    micro = batch.reshape(n_micro, -1, batch.shape[-1])  # expect: JXP402

    def body(acc, xb):
        return acc + jax.grad(loss_fn)(w, xb), None

    total, _ = jax.lax.scan(body, jnp.zeros_like(w), micro)
    return total / n_micro
