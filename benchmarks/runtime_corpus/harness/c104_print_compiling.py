from rt import *
n = "c104_print_compiling"; m, _, _ = load(n)
def run():
    w = jnp.ones(2)
    for _ in range(3):
        w = m.train_step(w, jnp.ones((4, 2)))
    w = m.train_step(w, jnp.ones((8, 2)))
out = stdout_of(run)
# intended: prints once per compilation (2 shapes -> 2 prints), and the values it prints are complete
verdict(n, out.count("Compiling") != 2, f"printed {out.count('Compiling')}x for 2 compilations")
