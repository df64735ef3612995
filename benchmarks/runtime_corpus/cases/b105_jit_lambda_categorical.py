# "My language model samples the same token every time"
import jax
import jax.numpy as jnp

sample_token = jax.jit(lambda logits: jax.random.categorical(jax.random.key(0), logits))  # expect: JXP105


def generate(logits_fn, prompt, steps):
    tokens = list(prompt)
    for _ in range(steps):
        tokens.append(int(sample_token(logits_fn(tokens))))
    return tokens
