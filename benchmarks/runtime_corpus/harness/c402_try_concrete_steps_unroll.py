from rt import *
n = "c402_try_concrete_steps_unroll"; m, _, _ = load(n)
try:
    a = m.decay_traced_steps(jnp.ones(2), 5)
    b = m.decay_eager(jnp.ones(2), 5)
    ok = np.allclose(a, 0.9 ** 5) and np.allclose(b, 0.9 ** 5)
    verdict(n, not ok, f"jit {np.asarray(a)} eager {np.asarray(b)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
