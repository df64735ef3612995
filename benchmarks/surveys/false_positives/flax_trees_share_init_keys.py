# Seen in awslabs/fortuna fortuna/model/model_manager/classification.py:348 (JXP301; the
# fifteenth set's first run). SNGP's init gives the same `rngs` to the backbone's `init`
# and to the Gaussian-process head's `init`. Flax derives each parameter's key from the
# module path (the key folded in with each submodule's name): the head's submodules are
# named `sngp_*`, a path the backbone has none of, so the two inits draw no common numbers.
# The analysis counts each `init` as a draw from the key it is given. A key-hygiene
# question rather than a bug; judged false on the run, since nothing coincides.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8: `python flax_trees_share_init_keys.py`
# passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4, name="dense")(x)


class GPHead(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4, name="sngp_dense")(x)


class SNGPManager:
    def __init__(self, model, gp_output_model):
        self.model = model
        self._gp_output_model = gp_output_model

    def init(self, rng, x):
        rng, params_key, dropout_key = jax.random.split(rng, 3)
        rngs = {"params": params_key, "dropout": dropout_key}
        model_params = self.model.init(rngs, x)
        features = self.model.apply(model_params, x)
        gp_params = self._gp_output_model.init(rngs, features)  # must not be reported (JXP301)
        return model_params, gp_params


b, h = SNGPManager(Backbone(), GPHead()).init(jax.random.key(0), jnp.ones((1, 4)))
assert not jnp.allclose(b["params"]["dense"]["kernel"], h["params"]["sngp_dense"]["kernel"])
print("ok")
