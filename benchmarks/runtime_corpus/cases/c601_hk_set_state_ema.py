# expect: none
import haiku as hk
import jax
import jax.numpy as jnp


class EMANormalizer(hk.Module):
    def __init__(self, decay=0.9, name=None):
        super().__init__(name=name)
        self.decay = decay

    def __call__(self, x, update_stats):
        mean = hk.get_state("mean", x.shape[-1:], x.dtype, init=jnp.zeros)
        if update_stats:
            mean = self.decay * mean + (1 - self.decay) * x.mean(0)
            hk.set_state("mean", mean)
        return x - mean


def forward(x, update_stats=True):
    return hk.Linear(3)(EMANormalizer()(x, update_stats))


net = hk.without_apply_rng(hk.transform_with_state(forward))
apply_fn = jax.jit(net.apply)
