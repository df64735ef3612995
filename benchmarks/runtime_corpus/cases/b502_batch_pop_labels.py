import jax
import jax.numpy as jnp


def loss_fn(w, batch):
    labels = batch.pop("labels")  # expect: JXP502
    logits = batch["image"] @ w
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))


grad_fn = jax.jit(jax.value_and_grad(loss_fn))


def evaluate(w, batch):
    preds = jnp.argmax(batch["image"] @ w, -1)
    return jnp.mean(preds == batch["labels"])


def train_and_eval(w, batch):
    loss, g = grad_fn(w, batch)
    w = w - 0.1 * g
    return w, evaluate(w, batch)
