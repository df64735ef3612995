"""Optimizer-state bookkeeping that copies its incoming dict before editing."""
import jax
import jax.numpy as jnp


@jax.jit
def bump_counters(opt_state, grads):
    new_state = {k: v for k, v in opt_state.items()}
    new_state["count"] = new_state["count"] + 1
    new_state["grad_sq"] = jax.tree.map(lambda a, g: a + g ** 2, opt_state["grad_sq"], grads)
    metrics = opt_state.copy()
    metrics.pop("grad_sq")
    metrics["norm"] = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
    return new_state, metrics
