from rt import *
n = "b101_setattr_overrides"; m, _, _ = load(n)
logits = jnp.array([[2.0, 0.0, 0.0, 0.0]]); labels = jnp.array([0])
a = float(m.loss_fn(logits, labels))
m.apply_overrides({"label_smoothing": 0.5})
b = float(m.loss_fn(logits, labels))
m.loss_fn.clear_cache() if hasattr(m.loss_fn, "clear_cache") else None
c = float(m.loss_fn(logits, labels))
verdict(n, abs(a - b) < 1e-9 and abs(b - c) > 1e-6, f"before={a} after override={b} fresh trace={c}")
