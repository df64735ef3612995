from rt import *
n = "c101_constant_eps"; m, _, _ = load(n)
x = jnp.arange(3.0)
a = m.normalize(x); b = m.normalize(x)
with jax.disable_jit():
    e = m.normalize(x)
verdict(n, not (np.allclose(a, e) and np.allclose(b, e)), "constants never change")
