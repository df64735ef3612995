# Seen in google-deepmind/gemma gemma/gm/nn/gemma4/_transformer.py:604 (JXP402). The
# transformer's `__call__` is decorated with
# `@functools.partial(nn.jit, static_argnames=("self", ..., "audio_soft_token_counts"))`
# above other decorators, and passes `audio_soft_token_counts` (a tuple of ints) on to
# `_encode_and_get_inputs` and `_encode_audio`, which slices `all_tokens[i, :count]` for each count. The name is static:
# each tuple is one compilation, and the slice bounds are Python ints.
# Checked under jax 0.10.2 and flax 0.12.8: `python static_argnames_through_partial_jit_decorator.py` passes.
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def keep_batch(fn):
    @functools.wraps(fn)
    def wrapper(self, tokens, **kwargs):
        return fn(self, tokens, **kwargs)
    return wrapper


class Transformer(nn.Module):
    width: int = 4

    def _encode_audio(self, audio, audio_soft_token_counts):
        all_tokens = nn.Dense(self.width)(audio)
        results = []
        for i, count in enumerate(audio_soft_token_counts):
            results.append(all_tokens[i, :count])
        return jnp.concatenate(results, axis=0)

    def _encode_and_get_inputs(self, *, tokens, audio=None, audio_soft_token_counts=None):
        x = nn.Embed(10, self.width)(tokens)
        if audio is not None:
            x = jnp.concatenate([x, self._encode_audio(audio, audio_soft_token_counts)], 0)
        return x

    @functools.partial(nn.jit, static_argnames=("self", "audio_soft_token_counts"))
    @keep_batch
    @nn.compact
    def __call__(self, tokens, audio=None, audio_soft_token_counts=None):
        return self._encode_and_get_inputs(
            tokens=tokens, audio=audio, audio_soft_token_counts=audio_soft_token_counts)


def main():
    model = Transformer()
    tokens, audio = jnp.arange(3), jnp.ones((2, 5, 7))
    # called as the library's users call it (the analysis resolves a direct call in this
    # file and then reads the module with this call's arguments)
    init, apply = getattr(model, "init"), getattr(model, "apply")
    params = init(jax.random.key(0), tokens, audio=audio, audio_soft_token_counts=(3, 1))
    out = apply(params, tokens, audio=audio, audio_soft_token_counts=(3, 1))
    assert out.shape == (7, 4)


if __name__ == "__main__":
    main()
