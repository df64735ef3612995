"""Simulation step that records a wall-clock timestamp for each frame."""
import time

import jax
import jax.numpy as jnp


@jax.jit
def heat_step(u, alpha=0.1):
    lap = jnp.roll(u, 1) + jnp.roll(u, -1) - 2.0 * u
    u = u + alpha * lap
    stamp = time.time()  # expect: JXP104
    return u, jnp.asarray(stamp % 1e4, jnp.float32)


def run(u, n_frames):
    frames, stamps = [], []
    for _ in range(n_frames):
        u, t = heat_step(u)
        frames.append(u)
        stamps.append(t)
    return jnp.stack(frames), jnp.stack(stamps)
