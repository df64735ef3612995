import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class AutoEncoder(nn.Module):
    latent: int
    out: int

    def setup(self):
        self.enc = nn.Dense(self.latent)
        self.dec = nn.Dense(self.out)

    def encode(self, x):
        return nn.tanh(self.enc(x))

    def __call__(self, x):
        z = self.encode(x)
        recon = self.dec(z)
        err = float(np.mean((np.asarray(recon) - np.asarray(x)) ** 2))
        if err > 10.0:
            print(f"poor reconstruction: {err:.2f}")
        return recon


model = AutoEncoder(2, 4)
encode = jax.jit(functools.partial(model.apply, method=AutoEncoder.encode))


def reconstruct_eager(variables, x):
    return model.apply(variables, x)
