# expect: none
import jax
import jax.numpy as jnp

HISTORY = []


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)

    def log_host(loss, gnorm):
        if not HISTORY or loss < min(h[0] for h in HISTORY):
            tag = "best"
        else:
            tag = "worse" if gnorm > 1.0 else "plateau"
        HISTORY.append((loss, tag))

    jax.debug.callback(log_host, loss, jnp.linalg.norm(grads))
    return params - 0.1 * grads
