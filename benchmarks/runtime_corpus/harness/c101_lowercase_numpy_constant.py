from rt import *
n = "c101_lowercase_numpy_constant"; m, _, _ = load(n)
x = jnp.ones((2, 3))
a = m.preprocess(x)
eager = (np.ones((2, 3)) - m.imagenet_mean) / m.imagenet_std
b = m.preprocess(x)
verdict(n, not (np.allclose(a, eager) and np.allclose(b, eager)), "matches eager on every call; constants never change")
