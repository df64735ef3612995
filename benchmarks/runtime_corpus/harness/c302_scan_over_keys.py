from rt import *
n = "c302_scan_over_keys"; m, _, _ = load(n, key_reuse=True)
e = raises(m.noisy_rollout, jax.random.key(0), jnp.zeros(2))
verdict(n, e is not None, ename(e))
