from rt import *
n = "c402_named_scope_window_min"; m, _, _ = load(n)
e1 = raises(m.local_attn, jnp.ones((8, 2)), 4)
e2 = raises(m.local_attn, jnp.ones((3, 2)), 4)
e3 = raises(m.LocalAttention(2), jnp.ones((4, 2)))
verdict(n, any(e is not None for e in (e1, e2, e3)), f"{ename(e1)} {ename(e2)} {ename(e3)}")
