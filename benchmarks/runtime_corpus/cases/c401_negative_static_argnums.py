# expect: none
import jax
import jax.numpy as jnp


def apply_norm(x, scale, mode):
    if mode == "layer":
        x = (x - x.mean()) / (x.std() + 1e-5)
    elif mode == "rms":
        x = x / jnp.sqrt(jnp.mean(x ** 2) + 1e-5)
    return x * scale


apply_norm_jit = jax.jit(apply_norm, static_argnums=(-1,))
