# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class Member(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_ensemble(rngs):
    return Member(rngs)


@nnx.jit
def ensemble_predict(ensemble, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0)
    def one(member, x):
        return member(x)

    return one(ensemble, x)


def build(seed):
    return make_ensemble(nnx.Rngs(seed))
