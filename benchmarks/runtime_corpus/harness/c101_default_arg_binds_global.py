from rt import *
n = "c101_default_arg_binds_global"; m, _, _ = load(n)
try:
    g = jnp.array([3.0, 4.0])
    a = m.clip_grads(g)
    m.set_clip(0.1)
    b = m.clip_grads(g)
    eager = m.clip_grads.__wrapped__(g)  # plain Python semantics: default bound at def time
    ok = bool(jnp.allclose(a, b)) and bool(jnp.allclose(b, eager)) and bool(jnp.allclose(jnp.linalg.norm(a), 1.0, atol=1e-4))
    verdict(n, not ok, f"a={a} b={b} eager={eager}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
