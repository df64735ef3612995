# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x):
    loss = jnp.mean((x @ w) ** 2)
    return w - 0.1 * jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w), loss


def fit(w, batches, log_every=2):
    losses = []
    for step, x in enumerate(batches):
        w, loss = train_step(w, x)
        if step % log_every == 0 and loss > 0:
            losses.append(float(loss))
        if jnp.isnan(loss):
            break
    return w, losses
