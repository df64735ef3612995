# Must not report (JXP502). Seen in google-deepmind/rlax rlax/_src/mpo_ops_test.py:308
# (4c5d25b260): a jitted update writes into its dict argument and returns it, and the only
# caller rebinds its own name to the result (`params, ... = _update(params, ...)`), so the
# caller sees the same values with and without jit. Checked: `python
# mutated_argument_returned_and_rebound.py` under jax 0.10.2 (jitted loop).
import jax
import jax.numpy as jnp


@jax.jit
def update(params_, grads):
    params_["online"] = params_["online"] - 0.1 * grads["online"]
    params_["mpo"] = params_["mpo"] - 0.1 * grads["mpo"]
    return params_


def train(steps):
    params = {"online": jnp.ones(2), "mpo": jnp.zeros(2)}
    grads = {"online": jnp.ones(2), "mpo": jnp.ones(2)}
    for _ in range(steps):
        params = update(params, grads)
    return params


if __name__ == "__main__":
    assert jnp.allclose(train(10)["online"], 0.0, atol=1e-5)
