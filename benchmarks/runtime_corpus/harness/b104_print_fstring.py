from rt import *
n = "b104_print_fstring"; m, _, _ = load(n)
w = jnp.ones(2); x = jnp.ones((3, 2)); y = jnp.zeros(3)
def run():
    global w
    for _ in range(3):
        w, l = m.train_step(w, x, y)
    return w
out = stdout_of(run)
verdict(n, out.count("step loss") != 3, f"printed {out.count('step loss')}x over 3 calls: {out.strip()[:80]}")
