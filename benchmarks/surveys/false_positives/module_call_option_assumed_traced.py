# Seen in google-deepmind/graphcast weathernext/utils/dense.py:486 (2 JXP401), and the same
# question in google-deepmind/gemma gemma/gm/nn/gemma4/vision/_layers.py:116-203 (4),
# gemma/diffusion/.../hd/sft_model.py:140, google-research/big_vision
# big_vision/models/proj/flexi/vit.py:50 and 99, sanchit-gandhi/whisper-jax
# whisper_jax/layers.py:659-690 (7) and graphcast weathernext1_gen/transformer.py:55-56 (3).
# A module's `__call__` takes, beside its arrays, a keyword option that is a Python int (a
# stack size, an output length, a sequence length): the model passes it as an int it read
# from a shape or a config, and nothing jits the module with it as an array (big_vision's
# trainer even makes it static with static_broadcasted_argnums). Comparing it, or building a
# numpy array from it, is static. The analysis takes every argument of a module's `__call__`
# as traced, because users jit it. (An option annotated `int`, `str`, `int | None` or
# `tuple[int, ...]`, as graphcast's stack_size, is static now:
# fixtures/surveys/module_options_annotated.py; an unannotated one, as T5X's qlen/klen in
# whisper-jax, is still taken as traced.)
# Checked under jax 0.10.2 and dm-haiku 0.0.17: `python module_call_option_assumed_traced.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


class StackedLinear(hk.Module):
    def __init__(self, output_size: int, name: str | None = None):
        super().__init__(name=name)
        self.output_size = output_size

    def __call__(self, inputs: jax.Array, *, stack_size: int | None = None) -> jax.Array:
        if stack_size:
            if not (stack_size == inputs.shape[-2] or stack_size == 1):
                raise ValueError(f"stack size {stack_size} does not broadcast")
        else:
            stack_size = inputs.shape[-2]
        w = hk.get_parameter("w", (stack_size, inputs.shape[-1], self.output_size),
                             init=jnp.ones)
        return jnp.einsum("...si,sio->...so", inputs, w)


class RelativeBias(hk.Module):
    def __call__(self, qlen, klen):
        # computed with numpy as a program constant, on purpose
        relative = np.arange(klen)[None, :] - np.arange(qlen)[:, None]
        buckets = np.minimum(np.abs(relative), 7)
        table = hk.get_parameter("table", (8,), init=jnp.zeros)
        return table[buckets]


def forward(x):
    y = StackedLinear(4)(x, stack_size=x.shape[-2])
    return y + RelativeBias()(x.shape[-2], 4)


def main():
    f = hk.transform(forward)
    x = jnp.ones((2, 3, 5))
    params = f.init(jax.random.key(0), x)
    assert jax.jit(f.apply)(params, None, x).shape == (2, 3, 4)


if __name__ == "__main__":
    main()
