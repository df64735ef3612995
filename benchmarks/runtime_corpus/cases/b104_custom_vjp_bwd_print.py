import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    print("grad norm before clipping:", jnp.linalg.norm(g))  # expect: JXP104
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(_fwd, _bwd)


@jax.jit
def train_step(w, x, y):
    def loss(w):
        pred = clip_gradient(x @ w)
        return jnp.mean((pred - y) ** 2)

    return w - 0.1 * jax.grad(loss)(w)
