# expect: none
# Fix: make the key once at top level, pass it in, split it per token.
import jax
import jax.numpy as jnp

sample_token = jax.jit(lambda key, logits: jax.random.categorical(key, logits))


def generate(key, logits_fn, prompt, steps):
    tokens = list(prompt)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        tokens.append(int(sample_token(sub, logits_fn(tokens))))
    return tokens


key = jax.random.PRNGKey(0)
tokens = generate(key, lambda t: jnp.zeros(50), [0], 20)
