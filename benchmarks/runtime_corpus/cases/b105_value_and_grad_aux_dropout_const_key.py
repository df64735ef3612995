# "Dropout mask is identical at every training step"
import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, x, y):
    def loss_fn(params):
        h = jax.nn.relu(x @ params["w1"])
        keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, h.shape)  # expect: JXP105
        h = jnp.where(keep, h / 0.5, 0.0)
        pred = h @ params["w2"]
        return jnp.mean((pred - y) ** 2), keep

    (loss, mask), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    return params, loss, mask
