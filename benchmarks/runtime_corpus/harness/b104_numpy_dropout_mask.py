import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b104_numpy_dropout_mask"
m, exc, _ = load(N)
x = jnp.ones(64)
masks = [np.asarray(m.dropout(x)) != 0 for _ in range(3)]
with jax.disable_jit():
    eager = [np.asarray(m.dropout(x)) != 0 for _ in range(2)]
frozen = all(np.array_equal(masks[0], k) for k in masks[1:]) and not np.array_equal(eager[0], eager[1])
verdict(N, frozen, f"jit masks identical over 3 calls={frozen}")
