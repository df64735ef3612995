import chex
import jax
import jax.numpy as jnp


@chex.dataclass
class Particle:
    pos: jnp.ndarray
    vel: jnp.ndarray


def simulate(p0, n_steps, dt=0.01):
    def step(p, _):
        vel = p.vel - dt * p.pos
        pos = p.pos + dt * vel
        return {"pos": pos, "vel": vel}, pos  # expect: JXP501

    _, traj = jax.lax.scan(step, p0, None, length=n_steps)
    return traj
