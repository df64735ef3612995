import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c302_shard_map_fold_axis_index"
m, exc, _ = load(N, key_reuse=True)
try:
    mesh = m.make_mesh()
    out = np.asarray(m.sharded_noise(mesh, jax.random.key(0), jnp.zeros(8))).reshape(4, 2)
    distinct = len({tuple(np.round(r, 6)) for r in out}) == 4
    verdict(N, not distinct, f"per-shard noise distinct={distinct}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
