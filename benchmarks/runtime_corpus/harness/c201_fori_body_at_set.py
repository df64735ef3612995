from rt import *
n = "c201_fori_body_at_set"; m, _, _ = load(n)
x = jnp.arange(5.0)
a = m.prefix_sum(x); b = m.prefix_sum_numpy_style(x)
ok = bool(jnp.allclose(a, jnp.cumsum(x))) and bool(jnp.allclose(b, jnp.cumsum(x)))
verdict(n, not ok, f"{a} {b}")
