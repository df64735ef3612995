# Seen in matthias-wright/flaxmodels flaxmodels/few_shot_gan_adaption/discriminator.py:163
# (JXP502).
# The discriminator's blocks append side outputs to a Python list the parent module builds,
# passes to each block and returns (`feature_list.append(nn.Conv(...)(x))`). A linen
# submodule called inside the parent's `__call__` runs in the parent's trace, so the parent
# sees every append under jit as without it. The analysis treats each linen `__call__` as a
# separately jitted entry ("which its users jit"), so the append looks like a write into an
# argument that a jitted caller would not see; nothing in the repository jits a block alone.
# Reported only while the parent's init is out of the analysis' view (flaxmodels initialises
# its models from the training/ scripts); with `disc.init(...)` in this file it is not.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python list_argument_filled_by_submodule.py` passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, feature_list=None):
        x = nn.relu(nn.Dense(4)(x))
        if x.shape[-1] == 4:
            feature_list.append(nn.Dense(1)(x))  # must not be reported (JXP502)
        return x


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x):
        feature_list = []
        x = Block()(x, feature_list)
        x = Block()(x, feature_list)
        feature_list.append(x)
        return feature_list


if __name__ == "__main__":
    # the repository initialises the model from another package, which the analysis does not
    # connect to this module; getattr keeps that view here
    disc = Discriminator()
    params = getattr(disc, "init")(jax.random.key(0), jnp.ones((2, 3)))
    features = jax.jit(disc.apply)(params, jnp.ones((2, 3)))
    assert len(features) == 3  # both blocks' appends reached the parent under jit
    print("ok")
