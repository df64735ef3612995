"""LSTM-ish scan whose body edits a copy of its dict carry."""
import jax
import jax.numpy as jnp


def run_cell(params, xs, h0):
    def body(carry, x):
        carry = dict(carry)
        gate = jax.nn.sigmoid(x @ params["wg"] + carry["h"] @ params["ug"])
        carry["c"] = gate * carry["c"] + (1 - gate) * jnp.tanh(x @ params["wc"])
        carry["h"] = jnp.tanh(carry["c"])
        carry["t"] = carry["t"] + 1
        return carry, carry["h"]

    init = {"h": h0, "c": jnp.zeros_like(h0), "t": jnp.zeros((), jnp.int32)}
    final, hs = jax.lax.scan(body, init, xs)
    return final, hs
