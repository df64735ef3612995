# expect: none
import jax
import jax.numpy as jnp


def apply(x, deterministic, is_causal):
    if not deterministic:
        x = x * 0.9
    if is_causal:
        x = jnp.tril(x)
    return x


apply_jit = jax.jit(apply, static_argnames=("deterministic", "is_causal"))


def run(x):
    return apply_jit(x, deterministic=True, is_causal=False) + apply_jit(x, False, True)
