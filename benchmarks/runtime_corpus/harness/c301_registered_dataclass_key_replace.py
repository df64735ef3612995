from rt import *
n = "c301_registered_dataclass_key_replace"; m, _, _ = load(n, key_reuse=True)
try:
    s = m.LangevinState(x=jnp.zeros(2000), key=jax.random.key(0), step_size=0.1)
    xs = []
    for _ in range(50):
        s = m.langevin_step(s)
    v = float(jnp.var(s.x))
    verdict(n, not (0.7 < v < 1.3), f"var={v:.3f} (target 1)")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
