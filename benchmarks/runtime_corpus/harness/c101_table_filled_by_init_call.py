from rt import *
n = "c101_table_filled_by_init_call"; m, _, _ = load(n)
logits = jnp.zeros((3, 6)); t = jnp.array([0, 1, 5])
a = float(m.weighted_loss(logits, t)); b = float(m.weighted_loss(logits, t))
verdict(n, not (np.isclose(a, np.log(6.0), atol=1e-5) and a == b), f"loss={a} (tables filled once at import)")
