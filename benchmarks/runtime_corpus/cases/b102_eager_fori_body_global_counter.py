import jax
import jax.numpy as jnp

n_sweeps = 0


def gauss_seidel_sweep(i, u):
    global n_sweeps
    n_sweeps += 1  # expect: JXP102
    interior = 0.5 * (u[:-2] + u[2:])
    return u.at[1:-1].set(interior)


def smooth(u, sweeps):
    return jax.lax.fori_loop(0, sweeps, gauss_seidel_sweep, u)
