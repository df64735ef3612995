from rt import *
n = "b502_batch_pop_labels"; m, _, _ = load(n)
mk = lambda: {"image": jnp.eye(3), "labels": jnp.array([0, 1, 2])}
b_jit = mk(); m.grad_fn(jnp.eye(3), b_jit)
b_eager = mk(); m.loss_fn(jnp.eye(3), b_eager)
differ = ("labels" in b_jit) != ("labels" in b_eager)
verdict(n, differ, f"after jit call labels present={'labels' in b_jit}; after eager call present={'labels' in b_eager}")
