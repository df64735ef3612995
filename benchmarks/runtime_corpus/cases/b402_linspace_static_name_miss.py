from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("t_end",))
def integrate(y0, rate, t_end, n_steps):
    ts = jnp.linspace(0.0, t_end, n_steps)  # expect: JXP402
    dt = ts[1] - ts[0]

    def step(y, _):
        y = y + dt * (-rate * y)
        return y, y

    _, ys = jax.lax.scan(step, y0, ts)
    return ys


def simulate(y0):
    return integrate(y0, 0.5, t_end=2.0, n_steps=50)
