from rt import *
n = "c104_vmap_print"; m, _, _ = load(n)
def run():
    for _ in range(3):
        m.batched(jnp.ones(3))
out = stdout_of(run)
verdict(n, out.count("processing") != 3, f"printed {out.count('processing')}x")
