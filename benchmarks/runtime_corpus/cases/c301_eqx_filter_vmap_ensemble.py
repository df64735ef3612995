# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


def make_ensemble(key, n_members, din, dout):
    keys = jax.random.split(key, n_members)

    @eqx.filter_vmap
    def make(k):
        return eqx.nn.MLP(din, dout, 16, 2, key=k)

    return make(keys)


@eqx.filter_jit
def ensemble_predict(ensemble, x):
    @eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
    def one(member, x):
        return member(x)

    return one(ensemble, x)
