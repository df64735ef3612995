# Seen in google-deepmind/clrs clrs/_src/nets.py:145-384 and clrs/_src/decoders.py:158-320
# (30 JXP401/JXP402/JXP403). `Net.__call__` gathers the step's options in a dict
# `common_args` (the inputs, which are traced, beside the spec, a dict of strings, and
# batch_size/nb_nodes read from the input shapes) and calls the step as
# `self._msg_passing_step(mp_state, i=0, first_step=True, **common_args)` and through
# `hk.scan(functools.partial(self._msg_passing_step, first_step=False, **common_args), ...)`.
# Each keyword keeps its own value: the spec strings and the shape ints stay Python values
# under jit, so `if t == "pointer"` and `jnp.zeros((batch_size, nb_nodes))` are static. The
# same keywords written out one by one are not reported; unpacked from a dict that holds one
# traced value, every keyword is taken as traced.
# Checked under jax 0.10.2 and dm-haiku 0.0.17: `python partial_keywords_from_dict.py` passes.
import functools

import haiku as hk
import jax
import jax.numpy as jnp


class Net(hk.Module):
    def __init__(self, spec, name="net"):
        super().__init__(name=name)
        self.spec = spec

    def _step(self, carry, x, inputs, spec, batch_size, nb_nodes, first_step):
        hidden = jnp.zeros((batch_size, nb_nodes)) if first_step else carry
        for name in spec:
            _, loc, t = spec[name]
            if t == "pointer":
                hidden = hidden @ jnp.eye(nb_nodes)
            elif loc == "node":
                hidden = hidden + x + inputs[0]
        return hidden, hidden.sum()

    def __call__(self, xs, algorithm_index: int):
        batch_size, nb_nodes = xs.shape[1:3]
        common_args = dict(inputs=xs, spec=self.spec[algorithm_index],
                           batch_size=batch_size, nb_nodes=nb_nodes)
        carry, _ = self._step(None, xs[0], first_step=True, **common_args)
        scan_fn = functools.partial(self._step, first_step=False, **common_args)
        return hk.scan(scan_fn, carry, xs[1:])


def main():
    specs = [{"a": ("hint", "node", "scalar"), "b": ("hint", "node", "pointer")}]
    f = hk.transform(lambda xs: Net(specs)(xs, 0))
    params = f.init(jax.random.key(0), jnp.ones((4, 2, 3)))
    carry, sums = jax.jit(f.apply)(params, None, jnp.ones((4, 2, 3)))
    assert carry.shape == (2, 3) and sums.shape == (3,)


if __name__ == "__main__":
    main()
