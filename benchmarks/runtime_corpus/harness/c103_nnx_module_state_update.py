import warnings; warnings.simplefilter("ignore")
import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c103_nnx_module_state_update"
m, exc, _ = load(N)
try:
    norm = m.RunningNorm(3)
    x = jnp.asarray(np.random.RandomState(0).randn(16, 3).astype(np.float32))
    for _ in range(3):
        m.normalize_batch(norm, x)
    exp_mean = (1 - 0.9 ** 3) * np.asarray(x.mean(0))
    ok = int(norm.steps.value) == 3 and norm.calls == 3 and np.allclose(norm.mean.value, exp_mean, atol=1e-5)
    verdict(N, not ok, f"steps={int(norm.steps.value)} calls={norm.calls} mean ok={np.allclose(norm.mean.value, exp_mean, atol=1e-5)}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
