from rt import *
n = "b202_nnx_grad_padding_row_discarded"; m, _, _ = load(n)
model, opt = m.make()
before = model.embed.embedding.value[m.PAD]
tokens = jnp.array([[0, 1, 2], [0, 3, 4]]); y = jnp.array([1.0, -1.0])
for _ in range(3):
    m.train_step(model, opt, tokens, y)
after = model.embed.embedding.value[m.PAD]
moved = float(jnp.abs(after - before).max())
verdict(n, moved > 0, f"padding row moved by {moved}")
