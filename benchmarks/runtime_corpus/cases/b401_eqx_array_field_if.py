import equinox as eqx
import jax
import jax.numpy as jnp


class Sampler(eqx.Module):
    logits_bias: jax.Array
    temperature: jax.Array

    def __init__(self, vocab, temperature):
        self.logits_bias = jnp.zeros(vocab)
        self.temperature = jnp.asarray(temperature)

    def __call__(self, logits, key):
        logits = logits + self.logits_bias
        if self.temperature > 0:  # expect: JXP401
            return jax.random.categorical(key, logits / self.temperature)
        return jnp.argmax(logits)


@eqx.filter_jit
def sample(sampler, logits, key):
    return sampler(logits, key)
