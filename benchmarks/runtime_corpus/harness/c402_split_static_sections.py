from rt import *
n = "c402_split_static_sections"; m, _, _ = load(n)
w, b = jnp.array([1.0, -0.5]), jnp.arange(16.0).reshape(8, 2)
ref = jax.grad(m.loss_fn)(w, b)
a = m.accumulated_grad(w, b, 4); c = m.accumulated_grad_reshape(w, b)
verdict(n, not (bool(jnp.allclose(a, ref, rtol=1e-5)) and bool(jnp.allclose(c, ref, rtol=1e-5))), f"{a} {c} ref {ref}")
