import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename, key_reuse_error
N = "c302_fold_in_step_loop"
m, exc, _ = load(N, key_reuse=True)
try:
    out = np.asarray(m.batched_rollouts(jax.random.key(0), jnp.zeros(3), 5, 3))
    noise = out[:, 1:] - 0.9 * out[:, :-1]
    flat = noise.reshape(-1, 3)
    distinct = len({tuple(np.round(r, 6)) for r in flat}) == flat.shape[0]
    verdict(N, not distinct, f"all per-step/per-chain noises distinct={distinct}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
