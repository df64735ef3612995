from rt import *
n = "c104_debug_print_jit_vmap"; m, _, _ = load(n)
xs, ys = jnp.ones((4, 2)), jnp.zeros(4)
def run():
    for _ in range(3):
        m.per_example_loss(xs, ys)
out = stdout_of(run)
c = out.count("example loss")
verdict(n, c != 12 or "Traced" in out, f"{c} lines for 3 calls x 4 examples")
