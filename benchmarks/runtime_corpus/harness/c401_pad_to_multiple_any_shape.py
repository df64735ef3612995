from rt import *
n = "c401_pad_to_multiple_any_shape"; m, _, _ = load(n)
e = raises(m.embed_batch, jnp.zeros((2, 5), jnp.int32), jnp.ones((10, 6)))
emb, mask = m.embed_batch(jnp.zeros((2, 5), jnp.int32), jnp.ones((10, 6)))
verdict(n, e is not None or emb.shape != (2, 8, 8), f"{ename(e)} {emb.shape} {mask.shape}")
