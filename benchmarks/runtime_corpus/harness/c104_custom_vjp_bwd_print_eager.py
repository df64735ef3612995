from rt import *
n = "c104_custom_vjp_bwd_print_eager"; m, _, _ = load(n)
def run():
    w = jnp.ones((2, 1))
    for i in range(3):
        w = w - 0.1 * m.grad_fn(w, jnp.ones((4, 2)) * (i + 1), jnp.zeros((4, 1)))
    return w
c = stdout_of(run).count("grad norm")
verdict(n, c != 3, f"printed {c}x for 3 eager grad calls")
