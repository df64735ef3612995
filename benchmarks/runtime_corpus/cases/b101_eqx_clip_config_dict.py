import equinox as eqx
import jax
import jax.numpy as jnp

CONFIG = {"clip": 1.0, "hidden": 16}


@eqx.filter_jit
def clipped_forward(model, xs):
    ys = jax.vmap(model)(xs)
    return jnp.clip(ys, -CONFIG["clip"], CONFIG["clip"])  # expect: JXP101


def set_clip(value):
    CONFIG["clip"] = value


def make_model(key):
    return eqx.nn.MLP(4, 2, CONFIG["hidden"], 2, key=key)
