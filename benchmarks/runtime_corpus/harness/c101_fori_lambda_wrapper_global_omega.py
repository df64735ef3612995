from rt import *
n = "c101_fori_lambda_wrapper_global_omega"; m, _, _ = load(n)
d = jnp.array([2.0, 4.0]); b = jnp.array([2.0, 8.0])
x1 = m.relax(d, b, 1)
m.set_relaxation(0.5)
x2 = m.relax(d, b, 1)
# one sweep from 0 with omega=0.5 gives half the solution [1, 2]
ok = np.allclose(x1, [1.0, 2.0]) and np.allclose(x2, [0.5, 1.0])
verdict(n, not ok, f"omega=1: {np.asarray(x1)}, omega=0.5: {np.asarray(x2)} (new lambda per call retraces)")
