"""A linen method reached only through a callback run in a Flax lifted loop.

Reduces praxis-527b4787-841 and -926 (the reach half): the model's `extend_step` is
called by `extend_step_fn(mdl, ids)`, a closure handed to `sample_decode`, which runs
it in `nn.while_loop` under the decode's jit. No `__call__` reaches `extend_step`, and
the callback parameter is not bound to the closure, so even a test on a plainly traced
value there is not reported.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp


class Lm(nn.Module):
    def extend_step(self, ids):
        if ids.sum() > 0:  # JXP401
            ids = ids[:, 1:]
        return ids

    def __call__(self, ids):
        return ids


def sample_decode(model, extend_step_fn, ids):
    def body(mdl, carry):
        return extend_step_fn(mdl, carry)

    return nn.while_loop(lambda mdl, c: c.sum() > 0, body, model, ids)


class Decoder(nn.Module):
    def setup(self):
        self.lm = Lm()

    def decode(self, ids):
        def extend_step_fn(mdl, ids):
            return mdl.extend_step(ids)

        return sample_decode(self.lm, extend_step_fn, ids)


out = jax.jit(lambda v, i: Decoder().apply(v, i, method=Decoder.decode))({}, jnp.zeros((2, 3)))
