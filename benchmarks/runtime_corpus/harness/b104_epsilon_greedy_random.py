import random
from rt import *
calls = [0]
_orig = random.random
def counting():
    calls[0] += 1
    return _orig()
random.random = counting
n = "b104_epsilon_greedy_random"; m, _, _ = load(n)
q = jnp.array([0.0, 1.0, 0.0, 0.0])
acts = [int(m.select_action(q, jax.random.key(i))) for i in range(40)]
verdict(n, calls[0] != 40, f"random.random called {calls[0]}x for 40 actions; actions {sorted(set(acts))}")
