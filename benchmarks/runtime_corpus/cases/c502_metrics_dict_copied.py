"""Train step that builds a fresh metrics dict from the caller's template."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(3e-4)


def loss_fn(params, x, y):
    logits = x @ params["w"] + params["b"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), logits


@jax.jit
def train_step(params, opt_state, x, y, metrics):
    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    metrics = dict(metrics)
    metrics["loss"] = loss
    metrics["accuracy"] = jnp.mean(jnp.argmax(logits, -1) == y)
    return optax.apply_updates(params, updates), opt_state, metrics


def train_epoch(params, opt_state, batches):
    history = []
    for x, y in batches:
        template = {"loss": 0.0, "accuracy": 0.0}
        params, opt_state, metrics = train_step(params, opt_state, x, y, template)
        history.append({k: float(v) for k, v in metrics.items()})
    return params, opt_state, history
