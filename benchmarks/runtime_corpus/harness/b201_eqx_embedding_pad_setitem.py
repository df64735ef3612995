from rt import *
n = "b201_eqx_embedding_pad_setitem"; m, _, _ = load(n)
model = m.TokenEncoder(10, 4, jax.random.key(0))
e = raises(m.zero_padding_row, model)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
