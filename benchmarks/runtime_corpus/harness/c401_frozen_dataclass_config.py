import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_frozen_dataclass_config"
m, exc, _ = load(N)
try:
    ok = True
    for cfg in [m.MLPConfig(), m.MLPConfig(num_layers=2, use_bias=False)]:
        p = m.init_params(cfg, jax.random.key(0)); p["b"] = p["b"] + 0.5
        x = jnp.ones((2, cfg.hidden))
        out = m.mlp_forward(p, x, cfg=cfg)
        with jax.disable_jit():
            ref = m.mlp_forward(p, x, cfg=cfg)
        ok &= bool(np.allclose(out, ref, atol=1e-5))
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
