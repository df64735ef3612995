from rt import *
n = "c401_optional_mask_isinstance"; m, _, _ = load(n)
q = jnp.ones((3, 2))
mask = jnp.tril(jnp.ones((3, 3), bool))
r = raises(lambda: m.attend_jit(q, q, mask, jnp.zeros(3)))
out = m.attend_jit(q, q, mask, jnp.zeros(3))
ok = r is None and bool(jnp.allclose(out[0], jnp.array([1.0, 0.0, 0.0])))
verdict(n, not ok, f"{ename(r)} row0={out[0]}")
