import jax
import jax.numpy as jnp


def make_model(w):
    last_activation = None

    @jax.jit
    def forward(x):
        nonlocal last_activation
        h = jnp.tanh(x @ w)
        last_activation = h  # expect: JXP601
        return h.sum()

    def get_last():
        return last_activation

    return forward, get_last
