"""One step of a toy particle update written with rebinding, not mutation."""
import jax
import jax.numpy as jnp


@jax.jit
def particle_step(params, positions, velocities, frozen_idx):
    velocities += params["gravity"]
    velocities *= params["damping"]
    positions = positions + params["dt"] * velocities
    # pinned particles do not move
    positions = positions.at[frozen_idx].set(0.0)
    velocities = velocities.at[frozen_idx].multiply(0.0)
    params = jax.tree.map(lambda p: p * 1.0, params)
    counts = jnp.zeros(positions.shape[0], jnp.int32)
    for i in range(positions.shape[0]):
        counts = counts.at[i].add(jnp.sum(positions[i] > 0))
    return params, positions, velocities, counts
