from rt import *
n = "c502_sgd_returns_new_dict"; m, _, _ = load(n)
t = m.Trainer({"w": jnp.zeros(2), "b": jnp.zeros(())})
p = t.fit(jnp.ones((4, 2)), jnp.ones(4))
verdict(n, float(p["b"]) == 0.0, f"b after 3 steps = {float(p['b'])}")
