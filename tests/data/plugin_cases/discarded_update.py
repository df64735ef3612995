"""JXP202 in several shapes: a plain name (safe fix), an attribute, a nested function."""
import jax
import jax.numpy as jnp


def update(x):
    x.at[0].set(10.0)
    return x


class Model:
    def step(self):
        self.params.at[1:].add(2)

    def nested(self, y):
        def inner(z):
            z.at[0].multiply(3)
            return z

        return inner(y)


@jax.jit
def jitted(x):
    x.at[jnp.arange(2)].min(0.0)
    return x


def multi_line(x):
    x.at[
        0
    ].set(
        1.0,
    )
    return x
