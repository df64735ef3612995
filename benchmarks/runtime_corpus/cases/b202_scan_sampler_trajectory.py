import jax
import jax.numpy as jnp


def denoise(x, t):
    return 0.5 * x + 0.01 * t


def sample(x_T, n_steps):
    traj = jnp.zeros((n_steps,) + x_T.shape)

    def body(carry, t):
        x, traj = carry
        x = x - 0.1 * denoise(x, t)
        traj.at[t].set(x)  # expect: JXP202
        return (x, traj), None

    (x0, traj), _ = jax.lax.scan(body, (x_T, traj), jnp.arange(n_steps))
    return x0, traj
