from rt import *
n = "b104_value_and_grad_print"; m, _, _ = load(n)
def run():
    p = jnp.ones(2)
    for _ in range(3):
        p, l = m.update(p, jnp.ones((3, 2)))
out = stdout_of(run)
verdict(n, out.count("loss") != 3, f"printed {out.count('loss')}x")
