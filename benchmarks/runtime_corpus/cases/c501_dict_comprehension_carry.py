# expect: none
import jax
import jax.numpy as jnp

KEYS = ("loss", "acc", "count")


def accumulate_metrics(per_step):
    init = {k: jnp.zeros(()) for k in KEYS}

    def body(totals, step):
        new = {k: totals[k] + step[k] for k in totals}
        return new, None

    totals, _ = jax.lax.scan(body, init, per_step)
    return {k: v / per_step["count"].shape[0] for k, v in totals.items()}
