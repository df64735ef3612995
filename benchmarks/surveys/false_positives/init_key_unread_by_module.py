# Seen in matthias-wright/flaxmodels training/stylegan2/training.py:93 and
# flaxmodels/stylegan2/stylegan2_demo.ipynb, cell 8 line 16 (JXP301).
# `mapping_net.init(init_rng, ...)` and `synthesis_net.init(init_rng, ...)` share one key,
# but no stylegan2 module reads the key `init` is given: each layer draws its weights from
# its own `rng` attribute (or loads pretrained ones) and registers them with
# `self.param(name, lambda *_: w)`, an init function that ignores its key, and nothing calls
# `make_rng`. The two parameter sets do not depend on the shared key at all. The analysis
# counts every key given to a Flax `init` as consumed.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python init_key_unread_by_module.py` passes.
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp


class Linear(nn.Module):
    features: int
    rng: Any = None

    @nn.compact
    def __call__(self, x):
        w0 = jax.random.normal(self.rng, (x.shape[-1], self.features))
        w = self.param("weight", lambda *_: w0)
        return x @ w


def build():
    init_rng = jax.random.PRNGKey(0)
    mapping = Linear(4, rng=jax.random.PRNGKey(1))
    synthesis = Linear(2, rng=jax.random.PRNGKey(2))
    mapping_params = mapping.init(init_rng, jnp.ones((1, 3)))
    synthesis_params = synthesis.init(init_rng, jnp.ones((1, 4)))  # must not be reported (JXP301)
    return mapping, mapping_params, synthesis, synthesis_params


if __name__ == "__main__":
    mapping, mapping_params, synthesis, synthesis_params = build()
    other = synthesis.init(jax.random.PRNGKey(123), jnp.ones((1, 4)))
    # the init key changes nothing: the weights come from the module's own rng attribute
    assert jnp.array_equal(other["params"]["weight"], synthesis_params["params"]["weight"])
    print("ok")
