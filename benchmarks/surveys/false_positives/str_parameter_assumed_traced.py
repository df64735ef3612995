# Seen in google-deepmind/gemma gemma/gm/nn/_quantization.py:197 and 232 (2 JXP401). The
# quantisation wrappers' `__call__(self, eqn: str, x)` checks the einsum equation
# (`if eqn.count(",") != 1: raise ValueError(...)`) before `jnp.einsum(eqn, x, kernel)`. A
# str is never a tracer: jit refuses a str argument unless it is static, and the wrapper is
# called by the model with a literal equation. The check runs on a Python str.
# Checked under jax 0.10.2 and flax 0.12.8: `python str_parameter_assumed_traced.py` passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class QuantizedEinsum(nn.Module):
    shape: tuple[int, ...]

    def process_einsum_str(self, einsum_str: str) -> str:
        einsum_str = einsum_str.replace(" ", "")
        if "->" not in einsum_str:
            raise ValueError("the equation must be explicit")
        if einsum_str.count(",") != 1:
            raise ValueError("the equation must have exactly two operands")
        return einsum_str

    @nn.compact
    def __call__(self, eqn: str, x: jax.Array) -> jax.Array:
        eqn = self.process_einsum_str(eqn)
        kernel = self.param("kernel", nn.initializers.ones, self.shape)
        return jnp.einsum(eqn, x, kernel)


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return QuantizedEinsum(shape=(3, 4))("bd,df->bf", x)


def main():
    block = Block()
    params = block.init(jax.random.key(0), jnp.ones((2, 3)))
    out = jax.jit(block.apply)(params, jnp.ones((2, 3)))
    assert out.shape == (2, 4)


if __name__ == "__main__":
    main()
