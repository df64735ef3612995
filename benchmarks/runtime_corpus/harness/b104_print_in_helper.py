from rt import *
n = "b104_print_in_helper"; m, _, _ = load(n)
def run():
    p = jnp.ones(2)
    for _ in range(3):
        p = m.step(p, jnp.ones(2))
    return p
out = stdout_of(run)
verdict(n, out.count("grad norm") != 3, f"printed {out.count('grad norm')}x")
