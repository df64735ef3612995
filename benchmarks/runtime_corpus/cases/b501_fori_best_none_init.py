import jax
import jax.numpy as jnp


def best_restart(key, objective, n_restarts=5):
    def body(i, carry):
        best_x, best_f = carry
        x = jax.random.normal(jax.random.fold_in(key, i), (2,))
        f = objective(x)
        if best_x is None:
            return x, f  # expect: JXP501
        better = f < best_f
        return jnp.where(better, x, best_x), jnp.minimum(f, best_f)

    return jax.lax.fori_loop(0, n_restarts, body, (None, jnp.inf))
