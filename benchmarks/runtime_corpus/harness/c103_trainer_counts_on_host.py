from rt import *
n = "c103_trainer_counts_on_host"; m, _, _ = load(n)
t = m.Trainer()
t.fit(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4), 5)
verdict(n, t.num_updates != 5, f"num_updates={t.num_updates}")
