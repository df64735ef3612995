# expect: none
# Answer to "global not updated": keep the global, but pass it in from an eager wrapper.
import jax
import jax.numpy as jnp

temperature = 1.0


@jax.jit
def _scaled_softmax(logits, temp):
    return jax.nn.softmax(logits / temp)


def predict_proba(logits):
    return _scaled_softmax(logits, temperature)


def set_temperature(t):
    global temperature
    temperature = t
