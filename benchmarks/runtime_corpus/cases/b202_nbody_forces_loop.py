"""Direct-sum gravitational N-body step (small N, unrolled pairwise loop)."""
import jax
import jax.numpy as jnp

G = 1.0
SOFTENING = 1e-2


def pairwise_forces(pos, mass):
    n = pos.shape[0]
    forces = jnp.zeros_like(pos)
    for i in range(n):
        diff = pos - pos[i]
        dist3 = (jnp.sum(diff ** 2, axis=-1) + SOFTENING ** 2) ** 1.5
        f_i = G * mass[i] * jnp.sum((mass / dist3)[:, None] * diff, axis=0)
        forces.at[i].add(f_i)  # expect: JXP202
    return forces


@jax.jit
def leapfrog(pos, vel, mass, dt=1e-3):
    acc = pairwise_forces(pos, mass) / mass[:, None]
    vel_half = vel + 0.5 * dt * acc
    pos = pos + dt * vel_half
    acc = pairwise_forces(pos, mass) / mass[:, None]
    vel = vel_half + 0.5 * dt * acc
    return pos, vel


def energy(pos, vel, mass):
    kinetic = 0.5 * jnp.sum(mass[:, None] * vel ** 2)
    diff = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt(jnp.sum(diff ** 2, axis=-1) + SOFTENING ** 2)
    potential = -0.5 * G * jnp.sum(jnp.triu(mass[:, None] * mass[None, :] / r, 1)) * 2
    return kinetic + potential
