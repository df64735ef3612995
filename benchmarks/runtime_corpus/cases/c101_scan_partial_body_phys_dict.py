import functools

import jax
import jax.numpy as jnp

PHYS = {"dt": 0.1, "damping": 0.9}


def integrate(carry, force, mass):
    pos, vel = carry
    vel = PHYS["damping"] * vel + PHYS["dt"] * force / mass
    pos = pos + PHYS["dt"] * vel
    return (pos, vel), pos


def rollout(forces, mass):
    step = functools.partial(integrate, mass=mass)
    _, traj = jax.lax.scan(step, (jnp.zeros(()), jnp.zeros(())), forces)
    return traj


def set_timestep(dt):
    PHYS["dt"] = dt
