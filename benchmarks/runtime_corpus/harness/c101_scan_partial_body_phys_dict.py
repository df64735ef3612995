from rt import *
n = "c101_scan_partial_body_phys_dict"; m, _, _ = load(n)


def ref(forces, mass, dt, damp=0.9):
    pos = vel = 0.0
    out = []
    for f in forces:
        vel = damp * vel + dt * f / mass
        pos = pos + dt * vel
        out.append(pos)
    return np.array(out)


f = np.linspace(0.0, 1.0, 6).astype(np.float32)
a = m.rollout(jnp.asarray(f), 2.0)
m.set_timestep(0.05)
b = m.rollout(jnp.asarray(f), 2.0)
ok = np.allclose(a, ref(f, 2.0, 0.1), atol=1e-5) and np.allclose(b, ref(f, 2.0, 0.05), atol=1e-5)
verdict(n, not ok, f"dt=0.05 rollout last={float(b[-1]):.5f} ref={ref(f, 2.0, 0.05)[-1]:.5f} (fresh partial each rollout retraces)")
