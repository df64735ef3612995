import jax, jax.numpy as jnp, numpy as np
from rt import load, raises, verdict, ename
N = "b601_cached_positional_encoding"
m, exc, _ = load(N)
table = jnp.ones((10, 4)); tok = jnp.arange(5)
e1 = raises(m.embed, tok, table)
e2 = raises(m.embed_eager, tok, table)
verdict(N, e1 is not None or e2 is not None, f"jit: {ename(e1)}; later eager: {ename(e2)}: {str(e2)[:150]}")
