from rt import *
n = "b101_self_attr_hashed_static"; m, _, _ = load(n)
s = m.Scaler(2.0); a = float(s(jnp.ones(()))); s.set_scale(5.0); b = float(s(jnp.ones(())))
verdict(n, b != 5.0, f"{a} {b}")
