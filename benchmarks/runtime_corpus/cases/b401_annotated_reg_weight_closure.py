import jax
import jax.numpy as jnp


def make_loss(model_fn):
    def loss(w, x, y, reg_weight: float = 0.0):
        mse = jnp.mean((model_fn(w, x) - y) ** 2)
        if reg_weight:  # expect: JXP401
            mse = mse + reg_weight * jnp.sum(w ** 2)
        return mse

    return loss


def linear(w, x):
    return x @ w


loss_and_grad = jax.jit(jax.value_and_grad(make_loss(linear)))
