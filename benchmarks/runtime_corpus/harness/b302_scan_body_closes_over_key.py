import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b302_scan_body_closes_over_key"
m, exc, _ = load(N)
_, noises = m.langevin(jax.random.key(0), jnp.zeros(3), lambda x: -x)
noises = np.asarray(noises)
same = all(np.array_equal(noises[0], n) for n in noises[1:])
verdict(N, same, f"all {len(noises)} steps drew identical noise={same}")
