# expect: none
import haiku as hk
import jax
import jax.numpy as jnp


class DropoutMLP(hk.Module):
    def __init__(self, sizes, rate, name=None):
        super().__init__(name=name)
        self.sizes = sizes
        self.rate = rate

    def __call__(self, x, is_training):
        for size in self.sizes:
            x = jax.nn.relu(hk.Linear(size)(x))
            if is_training:
                x = hk.dropout(hk.next_rng_key(), self.rate, x)
        return x


net = hk.transform(lambda x, is_training: DropoutMLP([16, 16, 16], 0.5)(x, is_training))
train_apply = jax.jit(lambda p, k, x: net.apply(p, k, x, True))
