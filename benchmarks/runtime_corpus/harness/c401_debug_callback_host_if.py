from rt import *
n = "c401_debug_callback_host_if"; m, _, _ = load(n)
try:
    p = jnp.ones(2)
    for _ in range(3):
        p = m.train_step(p, jnp.ones((4, 2)), jnp.zeros(4))
    jax.effects_barrier()
    ok = len(m.HISTORY) == 3 and m.HISTORY[0][1] == "best"
    verdict(n, not ok, f"ok={ok} {[h[1] for h in m.HISTORY]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
