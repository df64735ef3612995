import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b301_fold_in_same_salt_twice"
m, exc, _ = load(N)
try:
    _, noise, u = m.diffusion_loss(jnp.eye(3), jax.random.key(0), jnp.ones((4, 3)))
    same = np.array_equal(noise, u)
    verdict(N, same, f"noise and timestep draws identical={same}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
