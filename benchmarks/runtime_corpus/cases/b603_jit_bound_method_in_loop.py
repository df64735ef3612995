import jax
import jax.numpy as jnp


class LinearProbe:
    def __init__(self, num_classes):
        self.num_classes = num_classes

    def accuracy(self, w, x, y):
        return jnp.mean(jnp.argmax(x @ w, -1) == y)


def evaluate(probe, w, batches):
    accs = []
    for x, y in batches:
        acc = jax.jit(probe.accuracy)(w, x, y)  # expect: JXP603
        accs.append(acc)
    return accs
