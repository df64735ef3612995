"""Minibatch SGD for a small MLP classifier with a fresh shuffle every epoch."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.sgd(0.1, momentum=0.9)


def loss_fn(params, x, y):
    logits = jax.nn.relu(x @ params["w1"]) @ params["w2"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
def update(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def train(params, x, y, key, n_epochs, batch_size=32):
    opt_state = optimizer.init(params)
    n = x.shape[0]
    orders = []
    for epoch in range(n_epochs):
        perm = jax.random.permutation(jax.random.fold_in(key, epoch), n)
        orders.append(perm)
        for start in range(0, n - batch_size + 1, batch_size):
            idx = perm[start:start + batch_size]
            params, opt_state, loss = update(params, opt_state, x[idx], y[idx])
    return params, orders
