import jax, jax.numpy as jnp, numpy as np
from rt import load, raises, verdict, ename, key_reuse_error
N = "b301_split_then_reuse_parent"
m, exc, _ = load(N, key_reuse=True)
e = raises(m.vae_sample, jax.random.key(0), jnp.zeros(4), jnp.zeros(4), jnp.ones((4, 3)))
verdict(N, key_reuse_error(e), f"{ename(e)}: {str(e)[:200]}")
