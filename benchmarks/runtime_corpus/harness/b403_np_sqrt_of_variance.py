import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b403_np_sqrt_of_variance"
m, exc, _ = load(N)
e = raises(m.layer_norm, jnp.arange(6.0).reshape(2, 3), jnp.ones(3), jnp.zeros(3))
verdict(N, e is not None, f"{ename(e)}: {str(e)[:200]}")
