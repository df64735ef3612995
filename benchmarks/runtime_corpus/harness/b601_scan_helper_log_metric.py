from rt import *
n = "b601_scan_helper_log_metric"; m, _, _ = load(n)
m.train_epoch_jit(jnp.zeros(2), jnp.ones((4, 3, 2)), jnp.ones((4, 3)))
e = raises(m.summary)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
