from rt import *
n = "c403_float_of_shape_scale"; m, _, _ = load(n)
try:
    logits, levels, bits = m.scaled_dot(jnp.ones((8, 16)), jnp.ones((8, 16)))
    ok = np.allclose(logits, 4.0) and int(levels) == 3 and int(bits) == 32
    verdict(n, not ok, f"{logits[0,0]} {levels} {bits}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
