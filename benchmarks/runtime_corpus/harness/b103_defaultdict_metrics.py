from rt import *
n = "b103_defaultdict_metrics"; m, _, _ = load(n)
for _ in range(3):
    m.eval_step(jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3))
verdict(n, m.metrics["eval_batches"] != 3, f"eval_batches={m.metrics['eval_batches']} after 3 calls")
