from rt import *
n = "c401_pmap_static_broadcasted"; m, _, _ = load(n)
e = raises(m.p_step, jnp.arange(4.0), True)
r = None if e else m.p_step(jnp.arange(4.0), True)
verdict(n, e is not None or not bool(jnp.allclose(r, 1.5)), f"{ename(e)} {r}")
