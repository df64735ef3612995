import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_enum_static_activation"
m, exc, _ = load(N)
r = np.random.RandomState(0)
p = {k: jnp.asarray(r.randn(*s).astype(np.float32)) for k, s in [("w1", (4, 4)), ("b1", (4,)), ("w2", (4, 4))]}
x = jnp.asarray(r.randn(2, 4).astype(np.float32))
try:
    ok = True
    for act in m.Act:
        for res in (True, False):
            out = m.mlp_block(x, p, act, res)
            with jax.disable_jit():
                ref = m.mlp_block(x, p, act, res)
            ok &= bool(np.allclose(out, ref, atol=1e-5))
    o1 = m.mlp_block(x, p, m.Act.RELU, False); o2 = m.mlp_block(x, p, m.Act.TANH, False)
    ok &= not np.allclose(o1, o2)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
