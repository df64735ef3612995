import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b302_fold_in_outer_epoch"
m, exc, _ = load(N, key_reuse=True)
try:
    out = np.asarray(m.augment_epoch(jax.random.key(0), jnp.zeros((4, 3, 3)), 7))
    same = all(np.array_equal(out[0], out[i]) for i in range(1, 4))
    verdict(N, same, f"all 4 images got identical augmentation={same}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
