import jax
import jax.numpy as jnp


def inverse_sqrt_sgd(base_lr, warmup=1):
    step = 0

    def update(params, grads):
        nonlocal step
        step = step + 1  # expect: JXP102
        lr = base_lr / max(step, warmup) ** 0.5
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)

    return jax.jit(update)


def fit(params, grad_fn, n_steps):
    update = inverse_sqrt_sgd(0.5)
    for _ in range(n_steps):
        params = update(params, grad_fn(params))
    return params
