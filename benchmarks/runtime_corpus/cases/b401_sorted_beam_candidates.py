import jax
import jax.numpy as jnp


@jax.jit
def best_of_beams(beam_scores, beam_tokens):
    candidates = [(beam_scores[i], beam_tokens[i]) for i in range(beam_scores.shape[0])]
    ranked = sorted(candidates, key=lambda c: c[0], reverse=True)  # expect: JXP401
    return ranked[0][1]
