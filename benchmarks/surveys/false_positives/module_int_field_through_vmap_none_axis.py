# Seen in google/flaxformer flaxformer/architectures/longt5/long_attention.py:600-612,
# 910-944, 976-980 (JXP402 x2).
# A linen module passes its `tokens_per_block: int` field to
# `identify_orphan_tokens(tokens_per_block, inputs_mask, positions)`, which builds
# `vmapped_fn = jax.vmap(_identify_orphan_tokens, in_axes=(None, 0, 0))` and calls
# `vmapped_fn(tokens_per_block, inputs_mask, positions)`. An argument mapped with
# in_axes=None is passed through unbatched and, being a Python int, stays a Python int
# inside the mapped function, so `jnp.ones(tokens_per_block)` and the slice
# `[tokens_per_block - 1:]` are static. The analysis takes the argument as traced inside
# the vmap when it comes from a module field (with a literal from a plain function it
# does not report it).
# Checked under jax 0.10.2 and flax 0.12.8: `python module_int_field_through_vmap_none_axis.py`
# passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


def _identify_orphan_tokens(tokens_per_block, inputs_mask, positions):
    position_mod = positions % tokens_per_block
    end_marker = position_mod == tokens_per_block - 1
    k = jnp.ones(tokens_per_block)
    x = 1 - jnp.correlate(end_marker, k, mode="full")[tokens_per_block - 1:]
    return jnp.logical_and(x.astype(jnp.int32), inputs_mask).astype(jnp.int32)


def identify_orphan_tokens(tokens_per_block: int, inputs_mask, positions):
    vmapped_fn = jax.vmap(_identify_orphan_tokens, in_axes=(None, 0, 0), out_axes=0)
    return vmapped_fn(tokens_per_block, inputs_mask, positions)


class GlobalAttention(nn.Module):
    tokens_per_block: int

    @nn.compact
    def __call__(self, x, inputs_mask, positions):
        orphans = identify_orphan_tokens(self.tokens_per_block, inputs_mask, positions)
        return x * orphans[..., None]


def main():
    mask = jnp.array([[1, 1, 1, 1, 1, 1, 1, 1, 0, 0]])
    positions = jnp.arange(10)[None] * mask
    model = GlobalAttention(tokens_per_block=3)
    x = jnp.ones((1, 10, 2))
    variables = model.init(jax.random.key(0), x, mask, positions)
    out = jax.jit(model.apply)(variables, x, mask, positions)
    assert out[..., 0].astype(int).tolist() == [[0, 0, 0, 0, 0, 0, 1, 1, 0, 0]]
    print("ok")


if __name__ == "__main__":
    main()
