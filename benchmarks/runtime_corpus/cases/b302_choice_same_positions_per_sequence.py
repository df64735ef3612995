import jax
import jax.numpy as jnp


def subsample_trajectories(key, trajectories, k):
    out = []
    for traj in trajectories:
        out.append(jax.random.choice(key, traj, (k,), replace=False))  # expect: JXP302
    return out
