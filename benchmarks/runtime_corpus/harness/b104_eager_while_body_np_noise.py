from rt import *
n = "b104_eager_while_body_np_noise"; m, _, _ = load(n)
x0 = jnp.ones(4)
a = m.sample(x0); b = m.sample(x0)
verdict(n, np.allclose(a, b), f"two eager samples identical: {np.asarray(a)} vs {np.asarray(b)} (noise frozen into the cached body)")
