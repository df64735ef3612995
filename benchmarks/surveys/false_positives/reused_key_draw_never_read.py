# Seen in ucl-bug/jwave docs/notebooks/harmonic/helmholtz_solver_differentiable.ipynb,
# cell 22 (JXP301, an example).
# One cell draws the initial sound-speed control points with `key, _ = split(key)` and
# `normal(key, (65,))`; a later cell splits the same key again (`key, _ = split(key)`) and
# draws `sos_vector = normal(key, (65,))`, which nothing reads: the optimiser starts from
# the first draw. The second draw shares its key's lineage with the first, but no result
# of the notebook depends on it. The analysis reports the reuse without asking whether
# the draw made from it is ever read (it knows a dead first draw: dead_first_draw).
# Checked under jax 0.10.2: `python reused_key_draw_never_read.py` passes (the result is
# the same with the dead lines removed).
import jax
import jax.numpy as jnp


def optimise(start, steps=3):
    x = start
    for _ in range(steps):
        x = x - 0.1 * jax.grad(lambda v: jnp.sum(jnp.sin(v) ** 2))(x)
    return x


def notebook():
    key = jax.random.key(12)
    key, _ = jax.random.split(key)
    control_points = jax.random.normal(key, shape=(65,))
    key, _ = jax.random.split(key)
    unused_vector = jax.random.normal(key, shape=(65,))
    return optimise(control_points)


def notebook_without_dead_lines():
    key = jax.random.key(12)
    key, _ = jax.random.split(key)
    control_points = jax.random.normal(key, shape=(65,))
    return optimise(control_points)


if __name__ == "__main__":
    assert jnp.array_equal(notebook(), notebook_without_dead_lines())
    print("ok")
