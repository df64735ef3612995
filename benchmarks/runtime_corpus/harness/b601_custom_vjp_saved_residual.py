from rt import *
n = "b601_custom_vjp_saved_residual"; m, _, _ = load(n)
e = raises(m.grad_fn, jnp.array([0.5, 1.0]))
leaked = isinstance(m._saved.get("y"), jax.core.Tracer)
verdict(n, e is not None or leaked, f"{ename(e)} leaked_tracer={leaked} {str(e)[:80] if e else ''}")
