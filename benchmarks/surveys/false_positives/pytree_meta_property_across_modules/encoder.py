# Seen in google-deepmind/clrs clrs/_src/nets.py:495-739 and clrs/_src/encoders.py:71-75
# (6 JXP401). clrs's `DataPoint` is an attrs class registered with
# `@jax.tree_util.register_pytree_node_class`; its `tree_flatten` returns `(self.data,)` as
# children and `(self.name, self.location, self.type_)` as aux data, and those are properties
# that return the private fields through a small converter. Under jit only `data` is traced:
# `dp.type_ == "pointer"` and `inp.location in ["node", "edge"]` compare Python strings.
# The same class in the same module is understood; imported from another module (clrs's
# probing.py), its properties are taken as traced.
# Checked under jax 0.10.2 and dm-haiku 0.0.17: `python encoder.py` in this directory passes.
import haiku as hk
import jax
import jax.numpy as jnp

from datapoint import DataPoint


def batch_dims(inputs):
    for inp in inputs:
        if inp.location in ["node", "edge"]:
            return inp.data.shape[:2]
    raise ValueError("no node input")


class Encoder(hk.Module):
    def __call__(self, inputs):
        batch_size, nb_nodes = batch_dims(inputs)
        total = jnp.zeros((batch_size, nb_nodes))
        for dp in inputs:
            if dp.type_ == "pointer":
                total = total + jax.nn.one_hot(dp.data, nb_nodes).sum(-1)
            else:
                total = total + hk.Linear(1)(dp.data[..., None])[..., 0]
        return total


def main():
    inputs = [DataPoint("pos", "node", "scalar", jnp.ones((2, 3))),
              DataPoint("pred", "node", "pointer", jnp.zeros((2, 3), jnp.int32))]
    f = hk.transform(lambda inputs: Encoder()(inputs))
    params = f.init(jax.random.key(0), inputs)
    out = jax.jit(f.apply)(params, None, inputs)
    assert out.shape == (2, 3)


if __name__ == "__main__":
    main()
