from rt import *
n = "c501_cond_replace_vs_constructor"; m, _, _ = load(n)
try:
    ep = m.Episode(jnp.zeros(2), jnp.zeros(()), jnp.zeros((), jnp.int32))
    ep = m.env_step(ep, 1.0, False)
    ep = m.env_step(ep, 2.0, False)
    ep2 = m.env_step(ep, 2.0, True)
    tot, cnt = m.run_fixed(4)
    ok = float(ep.ret) == 3.0 and int(ep.length) == 2 and int(ep2.length) == 0 and float(tot) == 6.0 and int(cnt) == 4
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
