from rt import *
n = "c103_static_task_registry"; m, _, _ = load(n)
p = {"trunk": jnp.eye(2), "heads": [jnp.ones((2, 1)), jnp.ones((2, 3))]}
for t in ["cls", "reg", "cls", "reg", "cls"]:
    m.multitask_forward(p, jnp.ones((1, 2)), t)
verdict(n, m.compiled_tasks != {"cls", "reg"}, f"registry={sorted(m.compiled_tasks)} (one entry per static task, as intended)")
