from rt import *
n = "c101_obs_rms_calibrated_at_import"; m, _, _ = load(n)
params = jnp.eye(3)
outs = [m.policy(params, jnp.full((2, 3), float(i))) for i in range(3)]
refs = [np.tanh(((np.full((2, 3), float(i)) - m.obs_rms.mean) / np.sqrt(m.obs_rms.var + 1e-8)) @ np.eye(3)) for i in range(3)]
ok = all(np.allclose(o, r, atol=1e-5) for o, r in zip(outs, refs))
verdict(n, not ok, f"ok={ok}; update() runs only at import, before any trace")
