from rt import *
n = "b102_tokens_seen_counter"; m, _, _ = load(n)
p = {"embed": jnp.ones((10, 4))}; t = jnp.zeros((2, 3), jnp.int32)
for _ in range(3):
    m.lm_step(p, t)
verdict(n, m.tokens_seen != 18, f"tokens_seen={m.tokens_seen} after 3 steps of 6 tokens")
