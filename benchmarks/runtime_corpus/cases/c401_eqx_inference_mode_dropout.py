# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    use_residual: bool = eqx.field(static=True)

    def __init__(self, dim, p, use_residual, key):
        self.linear = eqx.nn.Linear(dim, dim, key=key)
        self.dropout = eqx.nn.Dropout(p)
        self.use_residual = use_residual

    def __call__(self, x, key=None):
        h = jax.nn.gelu(self.linear(x))
        if not self.dropout.inference:
            h = self.dropout(h, key=key)
        return x + h if self.use_residual else h


@eqx.filter_jit
def predict(model, x):
    return model(x)


def evaluate(model, x):
    return predict(eqx.nn.inference_mode(model), x)
