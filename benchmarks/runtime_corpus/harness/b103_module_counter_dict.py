import jax, jax.numpy as jnp
from rt import load, verdict, ename
N = "b103_module_counter_dict"
m, exc, _ = load(N)
p = jnp.eye(3); x = jnp.eye(3); y = jnp.arange(3)
for _ in range(3):
    m.eval_step(p, x, y)
verdict(N, m.EVAL_STATS["batches"] != 3, f"batches counted after 3 calls: {m.EVAL_STATS['batches']}")
