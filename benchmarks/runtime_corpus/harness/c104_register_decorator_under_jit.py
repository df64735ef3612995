from rt import *
n = "c104_register_decorator_under_jit"; m, _, _ = load(n)
out = stdout_of(lambda: [m.huber(jnp.zeros(2), jnp.array([0.5, 3.0])) for _ in range(3)])
a = float(m.huber(jnp.zeros(2), jnp.array([0.5, 3.0])))
ok = out == "" and np.isclose(a, (0.125 + 2.5) / 2) and set(m.LOSSES) == {"huber", "mse"}
verdict(n, not ok, f"huber={a} registry={sorted(m.LOSSES)} stdout={out!r}")
