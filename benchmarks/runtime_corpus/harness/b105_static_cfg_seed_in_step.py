from rt import *
n = "b105_static_cfg_seed_in_step"; m, _, _ = load(n)
w0 = jnp.zeros(4); g = jnp.zeros(4)
a = m.noisy_step(w0, g); b = m.noisy_step(w0, g)
same = bool(jnp.allclose(a, b))
verdict(n, same, f"noise identical across steps: {same}")
