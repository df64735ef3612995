from rt import *
n = "b101_diffusion_sigmas_list_extended"; m, _, _ = load(n)
key = jax.random.PRNGKey(0)
x = jax.random.normal(key, (8,)) * 80.0
m.euler_sample(x)
m.set_schedule(4)                  # new values, same length
stale = m.euler_sample(x)
with jax.disable_jit():
    fresh = m.euler_sample(x)
verdict(n, not np.allclose(stale, fresh), f"SIGMAS={m.SIGMAS[:2]} stale={float(stale[0]):.4f} fresh={float(fresh[0]):.4f}")
