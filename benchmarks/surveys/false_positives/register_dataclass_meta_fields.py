# Seen in google-deepmind/gemma gemma/gm/nn/gemma4/_transformer.py:567 (JXP402).
# `PreprocessedVisionInput` is a frozen dataclass registered with
# `jax.tree_util.register_dataclass(cls, data_fields=[...], meta_fields=["soft_token_counts"])`:
# its `soft_token_counts` is a tuple of Python ints under jit (aux data, part of the cache
# key), so `embeddings[i][:expected_count]` slices with a static bound.
# Checked under jax 0.10.2: `python register_dataclass_meta_fields.py` passes.
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class VisionInput:
    patches: Any
    soft_token_counts: tuple[int, ...]


jax.tree_util.register_dataclass(
    VisionInput, data_fields=["patches"], meta_fields=["soft_token_counts"])


@jax.jit
def merge_tokens(vision_input: VisionInput):
    tokens = []
    for i in range(len(vision_input.soft_token_counts)):
        expected_count = vision_input.soft_token_counts[i]
        tokens.append(vision_input.patches[i][:expected_count])
    return jnp.concatenate(tokens, axis=0)


out = merge_tokens(VisionInput(jnp.ones((2, 5, 3)), (4, 2)))
assert out.shape == (6, 3)
