from rt import *
n = "c401_jit_vmap_piecewise_where_cond"; m, _, _ = load(n)
x = jnp.array([0.5, 2.0])
ref = jnp.array([0.125, 1.5])
a = m.smooth_l1(x); b = m.smooth_l1_cond(x)
verdict(n, not (bool(jnp.allclose(a, ref)) and bool(jnp.allclose(b, ref))), f"{a} {b}")
