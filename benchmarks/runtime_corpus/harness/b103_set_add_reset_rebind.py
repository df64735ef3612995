from rt import *
n = "b103_set_add_reset_rebind"; m, _, _ = load(n)
p = {"a": jnp.ones((2, 1)), "b": jnp.ones((2, 1))}
batches = [("a", jnp.ones((3, 2)), jnp.ones((3, 1))), ("b", jnp.ones((3, 2)), jnp.ones((3, 1)))]
m.run_epoch(p, batches)
first = set(m.active_tasks)
m.run_epoch(p, batches)
second = set(m.active_tasks)
verdict(n, second != {"a", "b"}, f"tasks seen epoch1={sorted(first)} epoch2={sorted(second)} (epoch 2 hits the cache: the new set stays empty)")
