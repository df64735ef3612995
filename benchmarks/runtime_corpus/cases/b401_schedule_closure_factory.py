import jax
import jax.numpy as jnp


def make_warmup_schedule(base_lr, warmup_steps):
    def schedule(step):
        if step < warmup_steps:
            return base_lr * step / warmup_steps
        return base_lr
    return schedule


lr_schedule = make_warmup_schedule(1e-3, 100)


@jax.jit
def sgd_step(params, grads, step):
    lr = lr_schedule(step)  # expect: JXP401
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
