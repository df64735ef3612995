"""Plain SGD MLP regression with a step-decay learning-rate schedule."""
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.1
DECAY_EVERY = 100


def init_mlp(key, sizes):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n)))
    return params


def mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def mse(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, x, y):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)  # expect: JXP101
    return new_params, loss


def maybe_decay(step):
    global LEARNING_RATE
    if step > 0 and step % DECAY_EVERY == 0:
        LEARNING_RATE = LEARNING_RATE * 0.5


def fit(params, x, y, steps):
    for step in range(steps):
        maybe_decay(step)
        params, loss = sgd_step(params, x, y)
    return params, loss
