# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


class Decoder(eqx.Module):
    mlp: eqx.nn.MLP
    latent_dim: int = eqx.field(static=True)

    def __init__(self, latent_dim, out_dim, key):
        self.mlp = eqx.nn.MLP(latent_dim, out_dim, 32, 2, key=key)
        self.latent_dim = latent_dim


@eqx.filter_jit
def sample(decoder, key, num_samples, temperature):
    z = temperature * jax.random.normal(key, (num_samples, decoder.latent_dim))
    out = jax.vmap(decoder.mlp)(z)
    return out[:num_samples // 2], jnp.zeros(num_samples)
