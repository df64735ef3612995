"""A print of a traced value in a module-level helper that only a jitted model calls.

Reduces maxtext-67fec4b3-614: the page-state helper is called from a linen module's
`__call__`; it prints an element of a traced array.
"""
import flax.linen as nn
import jax.numpy as jnp


def release_slot(page_state, slot):
    print(f"    sequence_length: {page_state[slot]}")  # JXP104
    return page_state.at[slot].set(0)


class PageManager(nn.Module):
    @nn.compact
    def __call__(self, page_state, slot):
        return release_slot(page_state, slot)
