from rt import *
n = "b101_optax_factory_hparams_dict"; m, _, _ = load(n)
p = m.fit(jnp.ones(1), jnp.ones(1), 3)
# intended lrs 0.1, 0.05, 0.025 -> 1 - 0.175 ; stale -> 1 - 0.3
expected = 1 - (0.1 + 0.05 + 0.025)
verdict(n, not bool(jnp.allclose(p[0], expected)), f"got {float(p[0]):.4f} expected {expected:.4f}")
