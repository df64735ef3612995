from rt import *
n = "c101_partial_snapshot_before_rebind"; m, _, _ = load(n)
try:
    x = jnp.array([0.0, 1.0, 2.0])
    ok = bool(jnp.allclose(m.sharp(x), jax.nn.softmax(x))) and bool(jnp.allclose(m.smooth(x), jax.nn.softmax(x / 4.0)))
    m.TEMPERATURE = 9.0
    ok = ok and bool(jnp.allclose(m.sharp(x), jax.nn.softmax(x)))
    verdict(n, not ok, f"sharp={m.sharp(x)} smooth={m.smooth(x)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
