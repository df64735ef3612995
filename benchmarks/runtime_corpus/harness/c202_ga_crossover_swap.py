from rt import *
n = "c202_ga_crossover_swap"; m, _, _ = load(n)
a = jnp.zeros(6); b = jnp.ones(6)
ca, cb, cut = m.crossover(a, b, jax.random.key(0))
c = int(cut)
ok = np.allclose(ca, np.r_[np.zeros(c), np.ones(6 - c)]) and np.allclose(cb, np.r_[np.ones(c), np.zeros(6 - c)])
verdict(n, not ok, f"cut={c} child_a={np.asarray(ca)}")
