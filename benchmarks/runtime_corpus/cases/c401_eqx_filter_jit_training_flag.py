# expect: none
import equinox as eqx
import jax


@eqx.filter_jit
def forward(model, x, training):
    y = jax.vmap(model)(x)
    if training:
        y = y * 0.5
    return y
