# "I set training = False but my jitted forward still applies the train-time scaling"
import jax
import jax.numpy as jnp

training = True


@jax.jit
def forward(w, x):
    h = x @ w
    return jnp.where(training, h * 0.5, h)  # expect: JXP101


x = jnp.ones((2, 3))
w = jnp.ones((3, 3))
train_out = forward(w, x)

training = False
eval_out = forward(w, x)
