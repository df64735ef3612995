from rt import *
n = "b103_shape_log"; m, _, _ = load(n)
for _ in range(3):
    m.forward(jnp.ones((8, 2)))
verdict(n, len(m.seen_batch_sizes) != 3, f"len={len(m.seen_batch_sizes)} after 3 calls")
