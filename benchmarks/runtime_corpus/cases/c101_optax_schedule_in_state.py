"""MLP regression with a step-decay learning-rate schedule handled by optax."""
import jax
import jax.numpy as jnp
import optax

LEARNING_RATE = 0.1
DECAY_EVERY = 100

schedule = optax.exponential_decay(LEARNING_RATE, transition_steps=DECAY_EVERY,
                                   decay_rate=0.5, staircase=True)
optimizer = optax.sgd(schedule)


def mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def mse(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def fit(params, x, y, steps):
    opt_state = optimizer.init(params)
    for step in range(steps):
        params, opt_state, loss = sgd_step(params, opt_state, x, y)
    return params, opt_state, loss
