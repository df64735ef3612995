# expect: none
import argparse

import jax
import jax.numpy as jnp

temperature = 1.0


@jax.jit
def predict(logits):
    return jax.nn.softmax(logits / temperature)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--temperature", type=float, default=2.0)
    args = parser.parse_args([])
    temperature = args.temperature
    for batch in (jnp.array([1.0, 2.0]), jnp.array([0.0, 4.0])):
        print(predict(batch).tolist())
