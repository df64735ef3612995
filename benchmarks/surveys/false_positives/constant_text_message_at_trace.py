# Seen in google/flaxformer flaxformer/architectures/h_transformer/h_attention.py:620 and
# h_transformer_1d_architecture.py:260, 269, 372, 620, 792 (JXP104 x6), and in
# FLAIROx/Kinetix experiments/sfl.py:326 (JXP104).
# A progress or configuration message of constant text, printed or logged while a function
# is traced: flaxformer's `logging.info('Applying correction_mask')` under
# `if hierarchy.num_level > 1:` (a plain Python object the module builds from static sizes)
# and `logging.info('Finished setting up ... h-transformer encoder.')` in the `setup()` of
# linen modules; Kinetix's `print("Not doing any rollouts because sampled_envs_ratio is
# 0.0")` under a test on the run's config dict (a closed-over Python dict) in a jitted
# function. No traced value is shown and each message describes how the program is built,
# so "once, at trace time" is what the authors want (and all a reader needs). The analysis
# reports constant text unless the test above it is one it knows to be static; a test on
# an attribute of a helper object or on a closed-over config dict, and setup() itself,
# are not.
# Checked under jax 0.10.2, flax 0.12.8 and absl-py: `python constant_text_message_at_trace.py`
# passes.
import flax.linen as nn
import jax
import jax.numpy as jnp
from absl import logging


class Hierarchy:
    def __init__(self, seq_len: int, block: int):
        self.num_level = max(1, (seq_len // block).bit_length() - 1)


def attention_fn(x, hierarchy):
    y = x * 2.0
    if hierarchy.num_level > 1:
        logging.info("Applying correction_mask")
        y = y * 0.5
    return y


class Encoder(nn.Module):
    block: int = 2

    def setup(self):
        self.dense = nn.Dense(3)
        logging.info("Finished setting up the encoder.")

    def __call__(self, x):
        return attention_fn(self.dense(x), Hierarchy(x.shape[-2], self.block))


def main(config):
    @jax.jit
    def get_learnability_set(rng):
        if config["sampled_envs_ratio"] == 0.0:
            print("Not doing any rollouts because sampled_envs_ratio is 0.0")
            return jax.random.uniform(rng, (config["num_to_save"],))
        return jnp.zeros(config["num_to_save"])

    return get_learnability_set(jax.random.key(0))


if __name__ == "__main__":
    assert main({"sampled_envs_ratio": 0.0, "num_to_save": 4}).shape == (4,)
    model = Encoder()
    x = jnp.ones((2, 8, 3))
    params = jax.jit(model.init)(jax.random.key(1), x)
    assert jax.jit(model.apply)(params, x).shape == (2, 8, 3)
    print("ok")
