from rt import *
n = "b502_state_mutation"; m, _, _ = load(n)
st = {"params": jnp.ones(2)}
m.apply_update(st, jnp.ones(2))
verdict(n, float(st["params"][0]) != 0.9, f"caller params {st['params']} (eager would be 0.9)")
