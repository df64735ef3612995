# Seen in octo-models/octo octo/model/components/block_transformer.py:412, 420 (JXP104) and
# matthias-wright/flaxmodels flaxmodels/utils.py:14 (JXP104).
# octo's BlockTransformer, under `verbose`, logs each token group's name, shape and
# `flax.core.frozen_dict.pretty_repr(group.attention_rules)` (a dict of enum members);
# flaxmodels' download helper, which a linen setup() calls, prints the path
# `os.path.join(ckpt_dir, name)` it downloads to. Every value shown is static, and printing
# it once per trace is the intent (what the model was built with). The analysis takes the
# result of a call it does not know (a formatter, os.path.join) as possibly traced even when
# every argument is static, so the message looks like it shows a tracer.
# Checked under jax 0.10.2: `python unknown_call_of_static_values.py` passes.
import logging
import os
import pprint

import jax
import jax.numpy as jnp

RULES = {"task_*": "causal", "obs_*": "all"}


@jax.jit
def transformer(tokens):
    logging.warning("attention rules: %s", pprint.pformat(RULES))  # must not be reported
    logging.warning("tokens shape: %s", pprint.pformat(tokens.shape))  # must not be reported
    return jnp.tanh(tokens)


def cached_path(ckpt_dir, name):
    path = os.path.join(ckpt_dir, name)
    print(f"using weights at {path}")  # must not be reported
    return path


@jax.jit
def load_and_apply(x):
    cached_path("/tmp", "weights.npz")
    return x * 2


if __name__ == "__main__":
    for _ in range(2):
        assert float(transformer(jnp.zeros(3)).sum()) == 0.0
        assert float(load_and_apply(jnp.ones(2)).sum()) == 4.0
    print("ok")
