# Seen in jax-md/jax-md jax_md/_nn/nequip.py:213 (JXP401 traced bool in a linen __call__).
# `node_features` is an e3nn IrrepsArray: its array data is traced but `.irreps` is static
# pytree metadata (aux data). The loop `for ... in node_features.irreps` and the test
# `if curr_irreps_out in h_out_irreps` run on Python objects at trace time. For a pytree
# class jaxpure cannot see (defined in another package; here made by a factory), every
# attribute of a traced argument is taken to be traced.
import jax
import jax.numpy as jnp


def make_tagged_class():
    # stands in for a library class (e3nn's IrrepsArray): array data + static tags
    class Tagged:
        def __init__(self, tags, array):
            self.tags = tags
            self.array = array

    jax.tree_util.register_pytree_node(
        Tagged, lambda t: ((t.array,), t.tags), lambda tags, ch: Tagged(tags, *ch))
    return Tagged


Tagged = make_tagged_class()


@jax.jit
def f(x, y):
    wanted = y.tags + x.tags
    out = []
    for t in x.tags:
        for u in t * 2:
            if u in wanted:
                out.append(u)
    return x.array * len(out)


r = f(Tagged(("a", "b"), jnp.ones(2)), Tagged(("a", "b"), jnp.ones(2)))
assert (r == 4).all(), r
