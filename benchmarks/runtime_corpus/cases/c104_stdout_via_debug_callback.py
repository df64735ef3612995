"""Heat-equation solver that writes a progress line through jax.debug.callback."""
import sys

import jax
import jax.numpy as jnp


def _report(step, peak):
    sys.stdout.write(f"step {int(step)}: max temperature {float(peak):.3f}\n")


@jax.jit
def diffuse(u, step, alpha=0.2):
    lap = jnp.roll(u, 1, axis=0) + jnp.roll(u, -1, axis=0) + jnp.roll(u, 1, axis=1) + jnp.roll(u, -1, axis=1) - 4 * u
    u = u + alpha * lap
    jax.debug.callback(_report, step, u.max())
    return u


def solve(u, n_steps):
    for step in range(n_steps):
        u = diffuse(u, step)
    return u
