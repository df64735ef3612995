from rt import *
n = "b502_helper_mutates_arg"; m, _, _ = load(n)
st = {"count": jnp.array(0), "mu": jnp.zeros(2)}
m.adam_like_update(jnp.ones(2), st)
m.adam_like_update(jnp.ones(2), st)
verdict(n, int(st["count"]) != 2, f"caller count after 2 jitted updates: {int(st['count'])} (eager: 2)")
