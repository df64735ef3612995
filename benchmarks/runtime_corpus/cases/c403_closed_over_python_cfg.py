# expect: none
import jax
import jax.numpy as jnp


def make_optimizer(cfg):
    lr = float(cfg["lr"])
    warmup = int(cfg["warmup"])

    @jax.jit
    def update(w, g, step):
        scale = jnp.minimum(1.0, (step + 1) / warmup)
        return w - lr * scale * g

    return update
