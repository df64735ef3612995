import jax
import jax.numpy as jnp


def conv_stack(x, kernel_sizes):
    for k in kernel_sizes:
        x = jnp.convolve(x, jnp.ones(int(k)) / int(k), mode="same")
    return x


conv_stack_jit = jax.jit(conv_stack, static_argnums=1)


def run_from_flag(x, flag="3,5,3"):
    sizes = flag.split(",")
    return conv_stack_jit(x, sizes)  # expect: JXP602
