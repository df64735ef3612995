"""Integrator whose fori_loop carry is a module NamedTuple rebuilt every step."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class Particle(NamedTuple):
    pos: jax.Array
    vel: jax.Array


def simulate(p0, n_steps, dt=0.1):
    def step(i, p):
        acc = -p.pos
        vel = p.vel + dt * acc
        return Particle(p.pos + dt * vel, vel)

    return lax.fori_loop(0, n_steps, step, Particle(*p0))


def ordered_pair(a, b):
    return lax.cond(a.sum() <= b.sum(), lambda: tuple([a, b]), lambda: (b, a))
