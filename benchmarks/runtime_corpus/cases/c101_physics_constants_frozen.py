"""Particle integrator where per-planet gravity is a static choice, not a mutable global."""
from functools import partial

import jax
import jax.numpy as jnp

PLANET_G = {"earth": 9.81, "moon": 1.62, "mars": 3.71}
DRAG = 0.02
DT = 1e-2


@partial(jax.jit, static_argnames="planet")
def integrate(pos, vel, mass, planet="earth"):
    gravity = jnp.array([0.0, -PLANET_G[planet], 0.0])
    force = mass[:, None] * gravity - DRAG * vel
    vel = vel + DT * force / mass[:, None]
    pos = pos + DT * vel
    floor = pos[:, 1] < 0.0
    vel = vel.at[:, 1].set(jnp.where(floor, -0.5 * vel[:, 1], vel[:, 1]))
    pos = pos.at[:, 1].set(jnp.maximum(pos[:, 1], 0.0))
    return pos, vel


def simulate(pos, vel, mass, n_steps, planet="earth"):
    traj = [pos]
    for _ in range(n_steps):
        pos, vel = integrate(pos, vel, mass, planet=planet)
        traj.append(pos)
    return jnp.stack(traj)
