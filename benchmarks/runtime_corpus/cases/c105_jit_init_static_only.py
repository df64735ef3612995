# expect: none
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp

model = nn.Dense(4)


@partial(jax.jit, static_argnums=0)
def init_params(n_in):
    return model.init(jax.random.PRNGKey(0), jnp.zeros((1, n_in)))
