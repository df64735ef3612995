import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c302_tree_map_presplit_keys"
m, exc, _ = load(N, key_reuse=True)
try:
    params = {"a": jnp.zeros(4), "b": jnp.zeros(4), "c": {"d": jnp.zeros(4)}}
    mem = m.ensemble(jax.random.key(0), params)
    leaves = [np.asarray(l) for mm in mem for l in jax.tree.leaves(mm)]
    distinct = len({tuple(np.round(l, 7)) for l in leaves}) == len(leaves)
    verdict(N, not distinct, f"all {len(leaves)} leaf perturbations distinct={distinct}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
