from rt import *
n = "b101_checkpoint_eager_global"; m, _, _ = load(n)
w, x = jnp.eye(2), jnp.ones(2)
a = m.block(w, x)
m.set_eval_mode()
b = m.block(w, x)
stale = bool(jnp.allclose(a, b))
verdict(n, stale, f"before={a} after set_eval_mode={b} (expected half)")
