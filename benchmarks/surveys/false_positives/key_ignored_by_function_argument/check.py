"""The notebook's cells: one field whose init draws, then two whose init ignores the key."""
import jax
import jax.numpy as jnp

from .discretization import Continuous

seed = jax.random.PRNGKey(42)


def init_params(seed):
    return {"w": jax.random.normal(seed, (2,))}


u = Continuous.from_function(init_params, lambda p, x: p["w"] @ x, seed)


def init_params(seed):  # noqa: F811
    return {}


def gaussian_func(params, x):
    return jnp.exp(-x @ x)


def sos_func(params, x):
    return 1.0 + 0.0 * x[0]


src = Continuous.from_function(init_params, gaussian_func, seed)  # must not be reported (JXP301)
c = Continuous.from_function(init_params, sos_func, seed)  # must not be reported (JXP301)


if __name__ == "__main__":
    x = jnp.ones(2)
    assert src.params == {} and c.params == {}
    assert float(src(x)) == float(jnp.exp(-2.0)) and float(c(x)) == 1.0
    assert u.params["w"].shape == (2,)
    print("ok")
