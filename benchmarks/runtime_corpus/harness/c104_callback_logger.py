from rt import *
n = "c104_callback_logger"; m, _, _ = load(n)
def run():
    s, w = 0, jnp.ones(2)
    for _ in range(3):
        s, w = m.train_step(s, w)
out = stdout_of(run)
verdict(n, out.count("[host]") != 3, f"printed {out.count('[host]')}x")
