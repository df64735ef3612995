import os
os.environ["NORM_EPS"] = "0.5"
from rt import *
n = "c101_config_updated_at_import_then_frozen"; m, _, _ = load(n)
try:
    x = jnp.array([[1.0, 2.0, 3.0]])
    ref = (x - 2.0) / jnp.sqrt(2.0 / 3.0 + 0.5)
    ok = bool(jnp.allclose(m.layer_norm(x), ref)) and m.CONFIG["eps"] == 0.5
    verdict(n, not ok, f"out={m.layer_norm(x)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
