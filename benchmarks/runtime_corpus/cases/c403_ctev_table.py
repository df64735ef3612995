# expect: none
# Build a lookup table with concrete values while tracing, via ensure_compile_time_eval.
import jax
import jax.numpy as jnp


@jax.jit
def cosine_lr(step):
    with jax.ensure_compile_time_eval():
        table = 0.5 * (1 + jnp.cos(jnp.linspace(0.0, jnp.pi, 11)))
        peak_index = int(table.argmax())
        floor = float(table.min())
    return jnp.maximum(table[jnp.clip(step // 10, 0, 10)], floor) * (peak_index + 1)
