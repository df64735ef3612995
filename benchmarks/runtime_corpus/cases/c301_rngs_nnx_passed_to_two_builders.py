import jax.numpy as jnp
from flax import nnx


def build_encoder(rngs, din, dh):
    return nnx.Sequential(nnx.Linear(din, dh, rngs=rngs), nnx.relu)


def build_decoder(rngs, dh, dout):
    return nnx.Linear(dh, dout, rngs=rngs)


def build_autoencoder(rngs, din, dh):
    encoder = build_encoder(rngs, din, dh)
    decoder = build_decoder(rngs, dh, din)
    return encoder, decoder, jnp.zeros(din)
