from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices()[:4], ("data",))
loss_scale = 1.0


def set_loss_scale(value):
    global loss_scale
    loss_scale = value


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def scaled_grad(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return jax.lax.pmean(g * loss_scale, "data")  # expect: JXP101
