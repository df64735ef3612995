from rt import *
n = "b102_checkpoint_counter_under_jit"; m, _, _ = load(n)
for _ in range(3):
    jax.block_until_ready(m.loss(jnp.eye(2), jnp.ones(2)))
verdict(n, m.block_calls != 6, f"block_calls={m.block_calls} after 3 calls (6 block applications)")
