# Seen in google-deepmind/gemma gemma/gm/nn/gemma3n/_modules.py:836 (JXP201). In the block's
# `__call__`, `outputs` is an array, and under `if self.use_altup:` it is rebound to
# `self.altup.correct(predictions, outputs)`, which returns a Python list of arrays
# (`-> List[jax.Array]`). Later, under the same `if self.use_altup:`, `outputs[i] += ...`
# assigns into that list; the array path never reaches it.
# Checked under jax 0.10.2 and flax 0.12.8: `python list_from_method_on_same_test.py` passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class AltUp(nn.Module):
    n: int

    def correct(self, predictions: list[jax.Array], activated: jax.Array) -> list[jax.Array]:
        corrected = [jnp.asarray(0.0)] * self.n
        for i in range(self.n):
            corrected[i] = predictions[i] + activated
        return corrected


class Block(nn.Module):
    use_altup: bool

    def setup(self):
        self.mlp = nn.Dense(2)
        if self.use_altup:
            self.altup = AltUp(3)

    def __call__(self, x, extra):
        attn_output = x * jax.lax.rsqrt(2.0)
        outputs = self.mlp(attn_output)
        outputs += attn_output
        if self.use_altup:
            outputs = self.altup.correct([x, x, x], outputs)
        if self.use_altup:
            for i in range(1, len(outputs)):
                outputs[i] += extra
        else:
            outputs += extra
        return outputs


def main():
    x = jnp.ones(2)
    for use_altup in (True, False):
        block = Block(use_altup)
        params = block.init(jax.random.key(0), x, x)
        out = jax.jit(block.apply)(params, x, x)
        assert (len(out) == 3) if use_altup else out.shape == (2,)


if __name__ == "__main__":
    main()
