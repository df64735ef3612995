from rt import *
n = "b104_timed_decorator_under_jit"; m, _, _ = load(n)
out = stdout_of(lambda: [m.update(jnp.ones(2), jnp.ones(2), 0.1) for _ in range(4)])
k = out.count("took")
verdict(n, k != 4, f"timing lines printed: {k} for 4 calls (timed the trace, once)")
