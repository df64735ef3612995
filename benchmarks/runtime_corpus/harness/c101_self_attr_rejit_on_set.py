from rt import *
n = "c101_self_attr_rejit_on_set"; m, _, _ = load(n)
t = m.Trainer(1.0); a = float(t.step(jnp.zeros(()), jnp.ones(()))); t.set_lr(0.5); b = float(t.step(jnp.zeros(()), jnp.ones(())))
verdict(n, b != -0.5, f"{a} {b}")
