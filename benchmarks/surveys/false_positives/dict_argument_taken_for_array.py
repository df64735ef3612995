# Seen in matthias-wright/flaxmodels flaxmodels/resnet/resnet.py:113, 222 (JXP201).
# ResNet's blocks record their output in a dict of activations the parent module creates
# (`act = {}`) and passes to every block (`Block(...)(x, act, train)`): `act[self.block_name]
# = x` is dict item assignment. The analysis takes the unannotated parameter of a linen
# `__call__` for a JAX array, so the store looks like item assignment on an array (a
# TypeError). Even a direct jit of the block would get a dict there, not an array.
# Reported only while the parent's init is out of the analysis' view (flaxmodels initialises
# its models from the training/ scripts); with `net.init(...)` in this file it is not.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python dict_argument_taken_for_array.py` passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    features: int
    block_name: str

    @nn.compact
    def __call__(self, x, act, train=True):
        x = nn.relu(nn.Dense(self.features)(x))
        act[self.block_name] = x  # must not be reported (JXP201)
        return x


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        act = {}
        x = Block(4, "block1")(x, act, train)
        x = Block(2, "block2")(x, act, train)
        act["out"] = x
        return act


if __name__ == "__main__":
    # the repository initialises the model from another package, which the analysis does not
    # connect to this module; getattr keeps that view here
    net = Net()
    params = getattr(net, "init")(jax.random.key(0), jnp.ones((1, 3)))
    act = jax.jit(net.apply)(params, jnp.ones((1, 3)))
    assert sorted(act) == ["block1", "block2", "out"]
    print("ok")
