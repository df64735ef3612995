import jax
import jax.numpy as jnp


def generate(apply_fn, params, prompt, rng, max_new_tokens=8, temperature=1.0):
    tokens = list(prompt)
    for _ in range(max_new_tokens):
        logits = apply_fn(params, jnp.array(tokens))
        next_tok = jax.random.categorical(rng, logits[-1] / temperature)  # expect: JXP302
        tokens.append(int(next_tok))
    return tokens
