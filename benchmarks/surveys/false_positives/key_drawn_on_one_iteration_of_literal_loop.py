# Seen in sokrypton/ColabDesign colabdesign/tr/trrosetta.py:59 (JXP302).
# trRosetta's residual `block(x, params, dilation, key, rate)` runs its two convolutions in
# `for n in [0,1]:` and applies dropout only `if n == 1: y = dropout(y, key, rate)`: the key
# is drawn from once per call, on the second iteration. Its caller (resnet's scan body)
# splits a fresh sub_key for every block. The loop walks a literal list, so which iteration
# passes the guard is known; the analysis takes the guarded draw as made on every iteration
# and reports the key as consumed again by the loop.
# Checked under jax 0.10.2: `python key_drawn_on_one_iteration_of_literal_loop.py` passes.
import jax
import jax.numpy as jnp


def dropout(x, key, rate):
    keep_rate = 1.0 - rate
    keep = jax.random.bernoulli(key, keep_rate, shape=x.shape)
    return keep * x / keep_rate


def block(x, weights, key, rate=0.15, draws=None):
    y = x
    for n in [0, 1]:
        if n == 1:
            y = dropout(y, key, rate)  # must not be reported (JXP302)
            if draws is not None:
                draws.append(n)
        y = jax.nn.elu(y * weights[n] if n == 0 else x + y * weights[n])
    return y


@jax.jit
def resnet(x, weights, key):
    for i in range(3):
        key, sub_key = jax.random.split(key)
        x = block(x, weights[i], sub_key)
    return x


if __name__ == "__main__":
    draws = []
    block(jnp.ones(4), jnp.ones((2, 4)), jax.random.PRNGKey(0), draws=draws)
    assert draws == [1]  # one draw per call
    assert resnet(jnp.ones(4), jnp.ones((3, 2, 4)), jax.random.PRNGKey(0)).shape == (4,)
    print("ok")
