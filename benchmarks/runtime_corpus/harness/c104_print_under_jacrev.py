from rt import *
n = "c104_print_under_jacrev"; m, _, _ = load(n)
xs = jnp.linspace(0, 1, 5); ys = 2.0 * jnp.exp(-xs)
def run():
    th = jnp.array([1.0, 0.5])
    for _ in range(3):
        th = m.gauss_newton_step(th, xs, ys)
    return th
out = stdout_of(run)
c = out.count("evaluating residuals")
verdict(n, c != 6, f"printed {c}x for 3 steps x 2 residual evaluations")
