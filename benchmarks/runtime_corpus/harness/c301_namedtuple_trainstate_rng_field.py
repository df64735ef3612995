from rt import *
n = "c301_namedtuple_trainstate_rng_field"; m, _, _ = load(n, key_reuse=True)
try:
    s = m.init_state(0, 64)
    s, h1 = m.train_step(s, jnp.ones(64))
    s, h2 = m.train_step(s, jnp.ones(64))
    same = bool(jnp.all((h1 == 0) == (h2 == 0)))
    verdict(n, same or int(s.step) != 2, f"masks differ={not same} step={int(s.step)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
