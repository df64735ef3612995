from rt import *
n = "b104_numpy_noise"; m, _, _ = load(n)
x = jnp.zeros((2, 3))
a = m.augment(x); b = m.augment(x)
verdict(n, np.allclose(a, b), f"two calls equal noise: {np.allclose(a, b)}")
