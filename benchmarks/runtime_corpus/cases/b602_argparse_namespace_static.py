import argparse
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("args",))
def train_step(params, batch, args):
    grads = jax.grad(lambda p: jnp.mean((batch @ p) ** 2))(params)
    return params - args.lr * grads


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.1)
    args = parser.parse_args(argv)
    params = jnp.ones(3)
    return train_step(params, jnp.ones((4, 3)), args=args)  # expect: JXP602
