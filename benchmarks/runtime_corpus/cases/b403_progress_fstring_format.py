"""Physics-informed training step that reports its loss every step."""
import jax
import jax.numpy as jnp


def residual(params, t):
    u = lambda s: jnp.tanh(s * params["a"] + params["b"]) @ params["c"]
    du = jax.grad(u)
    return du(t) + u(t)


def pinn_loss(params, ts):
    res = jax.vmap(lambda t: residual(params, t))(ts)
    ic = (jnp.tanh(params["b"]) @ params["c"] - 1.0) ** 2
    return jnp.mean(res ** 2) + ic


@jax.jit
def train_step(params, ts, lr=1e-2):
    loss, grads = jax.value_and_grad(pinn_loss)(params, ts)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    jax.debug.print(f"pinn loss {loss:.4e}")  # expect: JXP403
    return params, loss
