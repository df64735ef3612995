from rt import *
n = "c104_eager_metric_logger_helper"; m, _, _ = load(n)
try:
    x = jnp.eye(3); y = jnp.ones(3)
    out = stdout_of(m.fit, jnp.zeros(3), x, y, 3)
    ok = out.count("loss") == 3 and "step    0 loss 1.0000" in out
    verdict(n, not ok, repr(out))
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
