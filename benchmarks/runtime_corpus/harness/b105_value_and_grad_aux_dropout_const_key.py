from rt import *
n = "b105_value_and_grad_aux_dropout_const_key"; m, _, _ = load(n)
p = {"w1": jnp.ones((4, 16)) * 0.1, "w2": jnp.ones((16, 1)) * 0.1}
masks = []
for i in range(4):
    x = jnp.ones((8, 4)) * (i + 1)
    p, l, mask = m.train_step(p, x, jnp.zeros((8, 1)))
    masks.append(mask)
same = all(bool(jnp.array_equal(masks[0], mk)) for mk in masks[1:])
verdict(n, same, f"dropout masks identical across 4 steps: {same}")
