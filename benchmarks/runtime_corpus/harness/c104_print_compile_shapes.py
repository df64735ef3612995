from rt import *
n = "c104_print_compile_shapes"; m, _, _ = load(n)
p = {k: jnp.eye(4) * 0.5 for k in ("wq", "wk", "wv", "w1", "w2")}
batches = [jnp.ones((2, 3, 4)) * i for i in range(3)] + [jnp.ones((1, 5, 4))]
out = stdout_of(m.encode, p, batches)
lines = [l for l in out.splitlines() if l.startswith("compiling")]
# one line per distinct shape is exactly what the message claims
verdict(n, len(lines) != 2, f"{len(lines)} compile lines for 2 distinct shapes")
