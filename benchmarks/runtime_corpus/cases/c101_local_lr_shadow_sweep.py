# expect: none
import jax

lr = 0.1


@jax.jit
def sgd(params, grads):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def lr_sweep(params, grads, lrs):
    out = []
    for lr in lrs:
        out.append(jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return out


def decayed(lr, factor=0.5):
    lr = lr * factor
    return lr
