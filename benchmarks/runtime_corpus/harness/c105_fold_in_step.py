from rt import *
n = "c105_fold_in_step"; m, _, _ = load(n)
a = m.noisy_step(jnp.zeros(3), 0); b = m.noisy_step(jnp.zeros(3), 1)
verdict(n, bool(jnp.allclose(a, b)), "different per step")
