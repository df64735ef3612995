import equinox as eqx
import jax
import jax.numpy as jnp


class Denoiser(eqx.Module):
    mlp: eqx.nn.MLP
    n_steps: int = eqx.field(static=True, default=100)

    def loss(self, x0, key):
        t = jax.random.randint(key, (x0.shape[0],), 0, self.n_steps)
        eps = jax.random.normal(key, x0.shape)  # expect: JXP301
        alpha = 1.0 - t[:, None] / self.n_steps
        xt = jnp.sqrt(alpha) * x0 + jnp.sqrt(1.0 - alpha) * eps
        pred = jax.vmap(self.mlp)(xt)
        return jnp.mean((pred - eps) ** 2)


@eqx.filter_jit
def loss_and_grad(model, x0, key):
    return eqx.filter_value_and_grad(lambda m: m.loss(x0, key))(model)
