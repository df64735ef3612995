from rt import *
n = "c401_default_flag_passed_eagerly"; m, _, _ = load(n)
p = {"w1": jnp.ones((3, 4)), "w2": jnp.ones((4, 2))}
x = jnp.ones((2, 3))
try:
    a = m.serve(p, x)
    b = m.debug_train_step(p, x)
    ok = bool(jnp.allclose(a, 2 * b))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
