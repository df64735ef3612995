from rt import *
n = "b102_count_calls_decorator_under_jit"; m, _, _ = load(n)
for _ in range(3):
    m.predict(jnp.ones((2, 2)), jnp.ones((1, 2)))
verdict(n, m.N_CALLS != 3, f"N_CALLS={m.N_CALLS} after 3 calls")
