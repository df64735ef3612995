from rt import *
n = "b502_list_append_arg"; m, _, _ = load(n)
buf = []
m.rollout_step_jit(buf, jnp.ones(2))
verdict(n, len(buf) != 1, f"caller list len={len(buf)} (eager would be 1)")
