from rt import *
n = "c101_cfg_other_key_mutated"; m, _, _ = load(n)
x = jnp.ones((4, 2)); y = jnp.zeros(4)
p, losses = m.train(jnp.ones(2), x, y, 4)
ref = jnp.mean((x @ p - y) ** 2) + 1e-4 * jnp.sum(p ** 2)
got = m.regularized_loss(p, x, y)
verdict(n, abs(float(got) - float(ref)) > 1e-6, f"got {float(got)} ref {float(ref)}")
