from rt import *
n = "c104_debug_print"; m, _, _ = load(n)
def run():
    w = jnp.ones(2)
    for _ in range(3):
        w = m.step(w, jnp.ones(2))
    return w
out = stdout_of(run)
verdict(n, out.count("w[0]") != 3, f"printed {out.count('w[0]')}x")
