import jax
import jax.numpy as jnp


@jax.jit
def step_particles(pos, vel, dt=0.01):
    pos = pos + dt * vel
    for i in range(pos.shape[0]):
        if pos[i] < 0.0:  # expect: JXP401
            vel = vel.at[i].set(-vel[i])
            pos = pos.at[i].set(-pos[i])
    return pos, vel
