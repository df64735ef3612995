import jax


def warmup_lr(step, base_lr=1e-3, warmup=100):
    return base_lr * step / warmup if step < warmup else base_lr  # expect: JXP401


@jax.jit
def sgd_update(params, grads, step):
    lr = warmup_lr(step)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
