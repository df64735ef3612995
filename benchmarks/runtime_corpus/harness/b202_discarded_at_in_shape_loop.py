import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b202_discarded_at_in_shape_loop"
m, exc, _ = load(N)
s = jnp.array([[0., 1.], [2., 0.], [0., 3.]])
h = np.asarray(m.argmax_histogram(s))
ref = np.array([1 / 3, 2 / 3])
verdict(N, not np.allclose(h, ref), f"hist={h.tolist()} expected {ref.tolist()}")
