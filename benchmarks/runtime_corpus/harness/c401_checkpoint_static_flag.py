import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_checkpoint_static_flag"
m, exc, _ = load(N)
try:
    r = np.random.RandomState(0)
    p = {"w1": jnp.asarray(r.randn(3, 8).astype(np.float32)), "w2": jnp.asarray(r.randn(8, 3).astype(np.float32))}
    x = jnp.asarray(r.randn(5, 3).astype(np.float32))
    l, g = m.loss_and_grad(p, x)
    with jax.disable_jit():
        def ref(p):
            h = jax.nn.gelu(x @ p["w1"][:, :8]); y = x + h @ p["w2"][:8]
            h = jax.nn.relu(y @ p["w1"][:, :4]); y = y + h @ p["w2"][:4]
            return jnp.mean(y ** 2)
        lr, gr = jax.value_and_grad(ref)(p)
    ok = np.allclose(l, lr, rtol=1e-4) and np.allclose(g["w1"], gr["w1"], rtol=1e-3, atol=1e-4)
    verdict(N, not ok, f"loss {float(l):.4f} vs {float(lr):.4f}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
