import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c201_rebinding_updates"
m, exc, _ = load(N)
try:
    p = {"gravity": jnp.array([0.0, -1.0]), "damping": jnp.array(0.5), "dt": jnp.array(0.1)}
    pos = jnp.ones((4, 2)); vel = jnp.zeros((4, 2))
    out = m.particle_step(p, pos, vel, jnp.array(1))
    with jax.disable_jit():
        ref = m.particle_step(p, pos, vel, jnp.array(1))
    ok = all(np.allclose(a, b) for a, b in zip(jax.tree.leaves(out), jax.tree.leaves(ref)))
    ok &= np.allclose(out[1][1], 0.0) and np.allclose(out[1][0], [1.0, 0.95]) and np.allclose(pos, 1.0)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
