# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def best_so_far(losses):
    def step(carry, loss):
        best, best_idx, i = carry
        improved = loss < best
        best = jnp.where(improved, loss, best)
        best_idx = jnp.where(improved, i, best_idx)
        return (best, best_idx, i + 1), best

    (best, idx, _), trace = jax.lax.scan(step, (jnp.inf, 0, 0), losses)
    return best, idx, trace
