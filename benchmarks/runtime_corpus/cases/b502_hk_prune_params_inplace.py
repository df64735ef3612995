import haiku as hk
import jax
import jax.numpy as jnp

net = hk.without_apply_rng(hk.transform(lambda x: hk.nets.MLP([8, 1])(x)))


@jax.jit
def prune_step(params, threshold):
    """Magnitude pruning: zero small weights and report the sparsity."""
    zeros = 0
    total = 0
    for module_name, module_params in params.items():
        w = module_params["w"]
        mask = jnp.abs(w) > threshold
        module_params["w"] = w * mask  # expect: JXP502
        zeros += jnp.sum(~mask)
        total += w.size
    return zeros / total
