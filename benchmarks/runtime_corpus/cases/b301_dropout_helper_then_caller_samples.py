"""Two-layer MLP classifier with dropout and input noise, trained with optax."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adamw(1e-3, weight_decay=1e-4)


def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def forward(params, x, key, train=True):
    if train:
        x = x + 0.05 * jax.random.normal(key, x.shape)
    h = jax.nn.gelu(x @ params["w1"] + params["b1"])
    if train:
        h = dropout(key, h, 0.1)  # expect: JXP301
    return h @ params["w2"] + params["b2"]


def loss_fn(params, x, y, key):
    logits = forward(params, x, key)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
def train_step(params, opt_state, x, y, key):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, key)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
