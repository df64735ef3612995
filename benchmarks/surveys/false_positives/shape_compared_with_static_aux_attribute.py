# Seen in mariogeiger/nequip-jax nequip_jax/nequip.py:158 and nequip_jax/nequip_escn.py:109
# and 140 (3 JXP401).
# The NequIP layer (a flax/haiku module's `__call__`, which users jit) checks its arrays'
# shapes with `assert messages.shape == (num_edges, messages.irreps.dim)`. `messages` and
# `node_feats` are e3nn `IrrepsArray`s: a pytree whose leaf is the array and whose `.irreps`
# is static aux data (an `Irreps` object, `.dim` a Python int). `num_edges` comes from
# `vectors.shape[0]`. Both sides of `==` are tuples of Python ints at trace time, so the
# assert is static. The analysis takes an attribute of a traced value whose class it cannot
# see (here made by a factory, as e3nn's class is defined in another package) as traced
# when it is read as a value; iteration over it and membership tests in it are taught
# (fixtures/surveys/static_aux_attribute_of_external_pytree.py), its attributes compared
# with a shape are not. Inside the same function, the same assert on an array it builds
# with `e3nn.as_irreps_array` is not reported (nequip.py:112).
# Checked under jax 0.10.2: `python shape_compared_with_static_aux_attribute.py` passes.
import jax
import jax.numpy as jnp


def make_tagged_class():
    # stands in for e3nn's IrrepsArray: array data + static irreps with a .dim
    class Irreps:
        def __init__(self, dim):
            self.dim = dim

        def __eq__(self, other):
            return isinstance(other, Irreps) and other.dim == self.dim

        def __hash__(self):
            return hash(self.dim)

    class Tagged:
        def __init__(self, irreps, array):
            self.irreps = irreps
            self.array = array

        @property
        def shape(self):
            return self.array.shape

    jax.tree_util.register_pytree_node(
        Tagged, lambda t: ((t.array,), t.irreps), lambda irreps, ch: Tagged(irreps, *ch))
    return Irreps, Tagged


Irreps, Tagged = make_tagged_class()


@jax.jit
def layer(vectors, node_feats):
    num_nodes = node_feats.shape[0]
    num_edges = vectors.shape[0]
    assert node_feats.shape == (num_nodes, node_feats.irreps.dim)  # must not be reported (JXP401)
    messages = jax.tree_util.tree_map(lambda a: a[:num_edges] * vectors[:, :1], node_feats)
    assert messages.shape == (num_edges, messages.irreps.dim)  # must not be reported (JXP401)
    return messages


if __name__ == "__main__":
    out = layer(jnp.ones((2, 3)), Tagged(Irreps(4), jnp.ones((5, 4))))
    assert out.shape == (2, 4) and out.irreps.dim == 4
    print("ok")
