from rt import *
n = "b102_eager_fori_body_global_counter"; m, _, _ = load(n)
u = jnp.array([0.0, 1.0, 0.0, 1.0, 0.0])
for _ in range(3):
    u = m.smooth(u, 4)
verdict(n, m.n_sweeps != 3, f"n_sweeps={m.n_sweeps} after 3 eager smooth() calls (body traced once, cached by lax)")
