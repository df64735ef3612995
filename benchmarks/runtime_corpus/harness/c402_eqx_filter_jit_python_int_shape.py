from rt import *
n = "c402_eqx_filter_jit_python_int_shape"; m, _, _ = load(n)
try:
    dec = m.Decoder(3, 2, jax.random.key(0))
    a, z = m.sample(dec, jax.random.key(1), 6, 0.5)
    ok = a.shape == (3, 2) and z.shape == (6,)
    verdict(n, not ok, f"shapes {a.shape} {z.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
