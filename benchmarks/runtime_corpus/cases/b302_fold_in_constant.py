import jax
import jax.numpy as jnp


def noisy_evals(key, params, n):
    scores = []
    for i in range(n):
        k = jax.random.fold_in(key, 0)
        scores.append(jnp.sum(params + jax.random.normal(k, params.shape)))  # expect: JXP302
    return scores
