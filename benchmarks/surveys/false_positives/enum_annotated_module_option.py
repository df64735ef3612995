# Seen in google/flaxformer flaxformer/components/embedding.py:46-49, 355-385, 410 (JXP401 x2).
# `MultiEmbed.combine_embeddings(self, embeddings,
# combine_method: EmbedCombineMethod = EmbedCombineMethod.SUM)` tests
# `if combine_method == EmbedCombineMethod.SUM: ... elif ... == EmbedCombineMethod.CONCAT:`.
# `EmbedCombineMethod` is an `enum.IntEnum` of the module; `MultiEmbed.__call__` takes the
# same `combine_method` option (enum annotation, enum default) and hands it on; its callers
# and tests pass members: a Python enum member, never a traced value (users who jit the
# apply with a non-default method mark it static). The
# analysis presumes a parameter of a module method traced unless it knows it to be an
# option; an enum-annotated parameter with an enum default is not recognised as one. The
# check at the bottom reaches the module through sys.modules, as users in other modules do.
# Checked under jax 0.10.2 and flax 0.12.8: `python enum_annotated_module_option.py` passes.
import enum
import sys

import flax.linen as nn
import jax
import jax.numpy as jnp


class EmbedCombineMethod(enum.IntEnum):
    SUM = 1
    CONCAT = 2


class MultiEmbed(nn.Module):
    features: int = 4

    def combine_embeddings(
        self, embeddings, combine_method: EmbedCombineMethod = EmbedCombineMethod.SUM
    ):
        if combine_method == EmbedCombineMethod.SUM:
            return jax.tree_util.tree_reduce(lambda total, e: total + e, embeddings)
        elif combine_method == EmbedCombineMethod.CONCAT:
            return jnp.concatenate(jax.tree_util.tree_leaves(embeddings), axis=-1)
        raise ValueError(f"Invalid combine_method {combine_method}")

    @nn.compact
    def __call__(
        self, combine_method: EmbedCombineMethod = EmbedCombineMethod.SUM, *, tokens, segments
    ):
        embeddings = {
            "tokens": nn.Embed(10, self.features, name="tokens")(tokens),
            "segments": nn.Embed(3, self.features, name="segments")(segments),
        }
        return self.combine_embeddings(embeddings, combine_method=combine_method)


def main():
    # reached through sys.modules, as a user in another module reaches the library: the
    # library module itself has no caller of MultiEmbed
    model = getattr(sys.modules[__name__], "MultiEmbed")()
    tokens = jnp.array([[1, 2, 3]])
    segments = jnp.array([[0, 0, 1]])
    variables = model.init(jax.random.key(0), tokens=tokens, segments=segments)
    apply = jax.jit(model.apply, static_argnums=1)
    summed = apply(variables, EmbedCombineMethod.SUM, tokens=tokens, segments=segments)
    assert summed.shape == (1, 3, 4)
    joined = apply(variables, EmbedCombineMethod.CONCAT, tokens=tokens, segments=segments)
    assert joined.shape == (1, 3, 8)
    print("ok")


if __name__ == "__main__":
    main()
