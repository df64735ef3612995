import jax
import jax.numpy as jnp


def simulate(key, x, n_steps):
    traj = []
    for _ in range(n_steps):
        key, subkey = jax.random.split(key)
        x = x + jax.random.normal(key, x.shape)  # expect: JXP302
        traj.append(x)
    return jnp.stack(traj)
