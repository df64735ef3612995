from rt import *
n = "b103_comprehension_append_shapes"; m, _, _ = load(n)
p = [jnp.ones((4, 2)), jnp.ones((4, 3))]
for _ in range(3):
    m.multi_head_loss(p, p)
verdict(n, len(m.SEEN_BATCHES) != 6, f"SEEN_BATCHES={m.SEEN_BATCHES} after 3 calls of 2 heads (expected 6 entries)")
