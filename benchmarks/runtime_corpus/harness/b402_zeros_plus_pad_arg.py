import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b402_zeros_plus_pad_arg"
m, exc, _ = load(N)
e = raises(m.pad_batch, jnp.ones((5, 3)))
verdict(N, e is not None, f"{ename(e)}: {e}")
