import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c103_local_containers"
m, exc, _ = load(N)
try:
    b = {"a": jnp.arange(4.0), "b": -jnp.arange(3.0)}
    outs = [m.extract_features(b) for _ in range(2)]
    with jax.disable_jit():
        ref = m.extract_features(b)
    ok = all(np.allclose(x, y) for o in outs for x, y in zip(jax.tree.leaves(o), jax.tree.leaves(ref)))
    ok &= sorted(outs[1][0]) == ["b"] and len(outs[1][2]) == 3
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
