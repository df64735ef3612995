# Seen in google-deepmind/tapnet tapnet/trajan/track_autoencoder.py:56-68, 257 (JXP402).
# `ParamStateInit.__call__(self, batch_shape)` (linen) broadcasts a learned parameter to
# `batch_shape + param.shape`. Its only caller, `TrackAutoEncoder`'s encoder, passes
# `batch_shape=(inputs["support_tracks"].shape[0],)`: a tuple of a static shape entry. So
# the shape argument of `jnp.broadcast_to` is a tuple of Python ints and works under jit.
# The analysis takes every argument of a module's `__call__` as traced, because users jit
# it, without looking at what the module's callers pass.
# Checked under jax 0.10.2 and flax 0.12.8: `python shape_tuple_to_submodule_call.py` passes.
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class ParamStateInit(nn.Module):
    """Fixed, learnable state initialisation."""

    shape: tuple[int, ...]

    @nn.compact
    def __call__(self, batch_shape):
        init_fn = functools.partial(nn.initializers.normal, stddev=1.0)
        param = self.param("state_init", init_fn(), self.shape)
        return jnp.broadcast_to(param, batch_shape + param.shape)


class Encoder(nn.Module):
    num_latents: int = 4
    dim: int = 3

    def setup(self):
        self.initializer = ParamStateInit(shape=(self.num_latents, self.dim))

    def __call__(self, tracks):
        latents = self.initializer(batch_shape=(tracks.shape[0],))
        return latents + tracks.mean()
def main():
    model = Encoder()
    tracks = jnp.ones((5, 7, 2))
    variables = model.init(jax.random.key(0), tracks)
    assert jax.jit(model.apply)(variables, tracks).shape == (5, 4, 3)
    print("ok")


if __name__ == "__main__":
    main()
