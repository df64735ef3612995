# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


def _add_metrics(metrics, prefix, values):
    for k, v in values.items():
        metrics[f"{prefix}/{k}"] = v


@eqx.filter_jit
def eval_step(model, x, y):
    metrics = {}
    pred = jax.vmap(model)(x)
    _add_metrics(metrics, "eval", {"mse": jnp.mean((pred - y) ** 2), "mae": jnp.mean(jnp.abs(pred - y))})
    return metrics
