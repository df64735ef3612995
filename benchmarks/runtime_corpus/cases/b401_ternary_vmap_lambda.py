import jax
import jax.numpy as jnp

leaky = jax.vmap(lambda v: v if v > 0 else 0.01 * v)  # expect: JXP401
