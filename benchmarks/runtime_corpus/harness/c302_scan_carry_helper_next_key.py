from rt import *
n = "c302_scan_carry_helper_next_key"; m, _, _ = load(n, key_reuse=True)
try:
    path = m.random_walk(jax.random.key(0))
    steps = jnp.diff(jnp.concatenate([jnp.zeros(1, path.dtype), path]))
    ok = bool(jnp.any(steps == 1)) and bool(jnp.any(steps == -1))
    verdict(n, not ok, f"steps={steps[:10]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
