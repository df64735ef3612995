import jax
import jax.numpy as jnp

temperature = 1.0


@jax.jit
def sample_logits(logits):
    return jax.nn.softmax(logits / temperature)  # expect: JXP101


logits = jnp.array([0.0, 1.0, 2.0])
results = {}
for temperature in (1.0, 0.5, 0.1):
    results[temperature] = sample_logits(logits)
