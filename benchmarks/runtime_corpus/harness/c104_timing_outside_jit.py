from rt import *
n = "c104_timing_outside_jit"; m, _, _ = load(n)
out = stdout_of(m.train, jnp.ones(2), [jnp.ones((3, 2))] * 3)
verdict(n, out.count("step") != 3, f"printed {out.count('step')}x")
