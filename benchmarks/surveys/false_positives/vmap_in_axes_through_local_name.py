# Seen in ASEM000/serket serket/_src/nn/dropout.py:100-101, serket/_src/image/filter.py:182-183
# and serket/_src/utils/convert.py:52, 54 (JXP402, JXP401).
# serket's layers map a per-channel function over the channels of an image with
# `in_axes = (None, 0, None, None); args = (key, input, self.shape, self.count);
# jax.vmap(fn, in_axes=in_axes)(*args)`. An `in_axes` entry of None hands the argument through
# as it is: the tuple of ints stays a tuple of ints, so `x.reshape(-1, *shape)`,
# `jr.choice(..., shape=(count,))` and `jnp.arange(kernel_size)` get concrete shapes (and a
# jit inside with static_argnums keeps them static). Written in the call,
# `jax.vmap(fn, in_axes=(None, 0, None, None))`, nothing is reported; named by a local
# variable, the analysis takes every argument for a batched tracer.
# Checked under jax 0.10.2: `python vmap_in_axes_through_local_name.py` passes.
import jax
import jax.numpy as jnp
import jax.random as jr


def cutout(key, x, shape, count):
    patches = x.reshape(-1, *shape)  # must not be reported (JXP402)
    idx = jr.choice(key, patches.shape[0], shape=(count,), replace=False)  # must not be reported (JXP402)
    return patches.at[idx].set(0.0).reshape(x.shape)


def ramp(x, length):
    return x * jnp.arange(length).sum()  # must not be reported (JXP402)


class Cutout:
    def __init__(self, shape, count):
        self.shape = tuple(shape)
        self.count = count

    def __call__(self, x, *, key):
        in_axes = (None, 0, None, None)
        args = (key, x, self.shape, self.count)
        return jax.vmap(cutout, in_axes=in_axes)(*args)


class Ramp:
    def __init__(self, length):
        self.length = length

    def __call__(self, x):
        in_axes = (0, None)
        return jax.vmap(ramp, in_axes=in_axes)(x, self.length)


if __name__ == "__main__":
    out = Cutout((2,), 1)(jnp.ones((3, 4)), key=jr.key(0))
    assert out.shape == (3, 4) and int((out == 0).sum()) == 6  # one 2-wide patch per channel
    assert jnp.allclose(Ramp(4)(jnp.ones(3)), 6.0)
    print("ok")
