"""A print of a traced value in a method of a Flax linen module.

Reduces maxtext-4b0f9f99-364 (and -463, -480): helper methods a module's `__call__`
reaches run under the model's jit, so an f-string print of an array prints a tracer.
"""
import flax.linen as nn
import jax.numpy as jnp


class PagedAttention(nn.Module):
    tokens_per_page: int

    def _handle_decode(self, page_map, seq_len):
        page = seq_len // self.tokens_per_page
        print(f"  page_map: {page_map}")  # JXP104
        return page_map[page]

    @nn.compact
    def __call__(self, page_map, seq_len):
        return self._handle_decode(page_map, seq_len)
