"""Greedy decoding helper that loops over the number of active beams."""
import jax
import jax.numpy as jnp


@jax.jit
def gather_active(beams, alive):
    # beams: (k, t), alive: (k,) bool
    n_active = jnp.count_nonzero(alive)
    order = jnp.argsort(~alive)
    rows = []
    for i in range(n_active):  # expect: JXP402
        rows.append(beams[order[i]])
    return jnp.stack(rows)
