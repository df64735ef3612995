import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b401_mask_is_none_or_any"
m, exc, _ = load(N)
q = jnp.ones((2, 4))
e0 = raises(m.attend, q, q, q)
e = raises(m.attend, q, q, q, jnp.array([[True, False], [True, True]]))
verdict(N, e is not None and e0 is None, f"no-mask ok={e0 is None}; with mask: {ename(e)}: {e}")
