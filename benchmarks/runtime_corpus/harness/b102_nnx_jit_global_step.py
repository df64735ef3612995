from rt import *
n = "b102_nnx_jit_global_step"; m, _, _ = load(n)
x, y = jnp.ones((4, 3)), jnp.zeros((4, 1))
for _ in range(3):
    m.train_step(m.model, m.optimizer, x, y)
verdict(n, m.global_step != 3, f"global_step={m.global_step} after 3 steps")
