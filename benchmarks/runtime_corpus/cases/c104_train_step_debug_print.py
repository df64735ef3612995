"""Linear regression trained with optax, printing the loss with jax.debug.print."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(1e-2)


def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y, step):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    jax.debug.print("step {s}: loss={l}", s=step, l=loss)
    return params, opt_state, loss


def fit(params, x, y, n_steps):
    opt_state = optimizer.init(params)
    for step in range(n_steps):
        params, opt_state, loss = train_step(params, opt_state, x, y, step)
    return params, loss
