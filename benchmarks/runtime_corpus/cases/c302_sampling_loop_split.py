# expect: none
import jax
import jax.numpy as jnp


def generate(apply_fn, params, prompt, rng, max_new_tokens=8, temperature=1.0):
    tokens = list(prompt)
    for _ in range(max_new_tokens):
        rng, step_rng = jax.random.split(rng)
        logits = apply_fn(params, jnp.array(tokens))
        next_tok = jax.random.categorical(step_rng, logits[-1] / temperature)
        tokens.append(int(next_tok))
    return tokens
