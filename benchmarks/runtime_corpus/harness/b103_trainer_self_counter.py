from rt import *
n = "b103_trainer_self_counter"; m, _, _ = load(n)
t = m.Trainer()
t.fit(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4), 5)
verdict(n, t.num_updates != 5, f"num_updates after 5 steps = {t.num_updates}")
