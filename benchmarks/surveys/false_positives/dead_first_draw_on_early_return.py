# Must not report (JXP301). Seen in probml/dynamax dynamax/utils/utils.py:101 (cfb005fa18):
# `theta = uniform(key1)` is drawn only when no angle is given, and the `n == 1` path returns
# `uniform(key1) * eye(1)` without reading theta: on the path that reaches the second draw, the
# first draw's result is dead, so no two results of one key meet.
# Checked: `python dead_first_draw_on_early_return.py` under jax 0.10.2 (jit, n static).
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def random_rotation(seed, n, theta=None):
    key1, key2 = jax.random.split(seed)
    if theta is None:
        theta = 0.5 * jnp.pi * jax.random.uniform(key1)
    if n == 1:
        return jax.random.uniform(key1) * jnp.eye(1)
    rot = jnp.array([[jnp.cos(theta), -jnp.sin(theta)], [jnp.sin(theta), jnp.cos(theta)]])
    out = jnp.eye(n)
    out = out.at[:2, :2].set(rot)
    q = jnp.linalg.qr(jax.random.uniform(key2, (n, n)))[0]
    return q @ out @ q.T


if __name__ == "__main__":
    assert random_rotation(jax.random.key(0), 1).shape == (1, 1)
    assert random_rotation(jax.random.key(1), 3).shape == (3, 3)
