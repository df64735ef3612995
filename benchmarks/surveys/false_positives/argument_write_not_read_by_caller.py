# Must not report (JXP502). Seen in google-deepmind/rlax rlax/_src/mpo_ops_test.py:307-308
# (4c5d25b260) and google-deepmind/distrax distrax/_src/distributions/straight_through_test.py:89
# and :91 (f51bffcf90). Under a transform the function gets a rebuilt pytree, so a write into
# its argument differs from the eager run only if the caller reads its own object afterwards.
# Neither caller does: rlax's rebinds its name to the returned dict, and distrax's normalises
# the parameters locally inside a function only ever called through jax.grad.
# Checked: `python argument_write_not_read_by_caller.py` under jax 0.10.2 (jit loop; grad).
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


def normalised_loss(dist_params):
    dist_params["logits"] = jax.nn.log_softmax(dist_params["logits"])
    return jnp.exp(dist_params["logits"])[0]


def gradient():
    dist_params = {"logits": jnp.zeros(2)}
    return jax.grad(normalised_loss)(dist_params)


if __name__ == "__main__":
    assert jnp.allclose(train(10)["online"], 0.0, atol=1e-5)
    assert jnp.allclose(gradient()["logits"], jnp.array([0.25, -0.25]))
