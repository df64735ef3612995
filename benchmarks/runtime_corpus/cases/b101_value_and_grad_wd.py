import jax
import jax.numpy as jnp

weight_decay = 0.0


def loss_fn(w, x, y):
    pred = x @ w
    return jnp.mean((pred - y) ** 2) + weight_decay * jnp.sum(w ** 2)  # expect: JXP101


grad_step = jax.jit(jax.value_and_grad(loss_fn))

w0 = jnp.ones(2)
x0 = jnp.ones((4, 2))
y0 = jnp.ones(4)
loss_a, _ = grad_step(w0, x0, y0)
weight_decay = 0.1
loss_b, _ = grad_step(w0, x0, y0)
