from rt import *
n = "c104_io_callback_lambda_print"; m, _, _ = load(n)
def run():
    w = jnp.ones(2)
    for s in range(3):
        w = m.train_step(w, jnp.ones((4, 2)), s)
    return w
out = stdout_of(run)
verdict(n, out.count("loss") != 3, f"printed {out.count('loss')}x for 3 steps: {out.splitlines()}")
