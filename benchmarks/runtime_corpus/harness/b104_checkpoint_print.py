from rt import *
n = "b104_checkpoint_print"; m, _, _ = load(n)
def run():
    w = jnp.eye(2) * 0.5
    for i in range(3):
        g = m.grad_fn(w, jnp.ones((1, 2)) * (i + 1))
        w = w - 0.01 * g
    return w
out = stdout_of(run)
c = out.count("block activation norm")
verdict(n, c != 6, f"printed {c}x for 3 grad calls x 2 blocks (no jit anywhere)")
