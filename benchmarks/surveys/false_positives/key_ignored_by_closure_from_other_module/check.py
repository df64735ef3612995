"""Calls the initializer of init.py, another module, with one key for several shapes."""
import jax
import jax.numpy as jnp

from .init import linspace_init


def check():
    init_fn = linspace_init(0.0, 6.0)
    key = jax.random.PRNGKey(0)
    seven = init_fn(key, (7,))
    two = init_fn(key, (2,))  # must not be reported (JXP301)
    many = init_fn(key, (100,))  # must not be reported (JXP301)
    return seven, two, many


if __name__ == "__main__":
    seven, two, many = check()
    assert jnp.allclose(seven, jnp.arange(7.0)) and jnp.allclose(two, jnp.array([0.0, 6.0]))
    assert jnp.allclose(linspace_init(0.0, 6.0)(jax.random.PRNGKey(1), (7,)), seven)
    print("ok")
