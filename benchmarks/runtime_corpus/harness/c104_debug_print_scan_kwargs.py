from rt import *
n = "c104_debug_print_scan_kwargs"; m, _, _ = load(n)
xs, ys = jnp.ones((5, 3, 2)), jnp.ones((5, 3))
out = stdout_of(lambda: (m.train(jnp.zeros(2), xs, ys), m.train(jnp.zeros(2), xs, ys)))
c = out.count("loss=")
verdict(n, c != 10 or out.count("tracing") != 1, f"{c} loss lines for 2x5 steps, {out.count('tracing')} tracing lines")
