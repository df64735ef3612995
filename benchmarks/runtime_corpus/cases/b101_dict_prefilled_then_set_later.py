import jax
import jax.numpy as jnp

TEMPERATURES = {}
TEMPERATURES.update({"sample": 1.0, "greedy": 1e-3})


@jax.jit
def sample_logits(logits):
    return jax.nn.softmax(logits / TEMPERATURES["sample"])  # expect: JXP101


def set_temperature(t):
    TEMPERATURES["sample"] = t


def generate(logits_seq, temps):
    probs = []
    for logits, t in zip(logits_seq, temps):
        set_temperature(t)
        probs.append(sample_logits(logits))
    return probs
