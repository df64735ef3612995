"""Semi-implicit Euler integrator for a particle system under gravity and drag."""
import jax
import jax.numpy as jnp

GRAVITY = jnp.array([0.0, -9.81, 0.0])
DRAG = 0.02
DT = 1e-2


@jax.jit
def integrate(pos, vel, mass):
    force = mass[:, None] * GRAVITY - DRAG * vel  # expect: JXP101
    vel = vel + DT * force / mass[:, None]
    pos = pos + DT * vel
    floor = pos[:, 1] < 0.0
    vel = vel.at[:, 1].set(jnp.where(floor, -0.5 * vel[:, 1], vel[:, 1]))
    pos = pos.at[:, 1].set(jnp.maximum(pos[:, 1], 0.0))
    return pos, vel


def simulate(pos, vel, mass, n_steps):
    traj = [pos]
    for _ in range(n_steps):
        pos, vel = integrate(pos, vel, mass)
        traj.append(pos)
    return jnp.stack(traj)


def set_planet(name):
    global GRAVITY
    g = {"earth": 9.81, "moon": 1.62, "mars": 3.71}[name]
    GRAVITY = jnp.array([0.0, -g, 0.0])
