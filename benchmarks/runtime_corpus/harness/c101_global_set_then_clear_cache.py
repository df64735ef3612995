from rt import *
n = "c101_global_set_then_clear_cache"; m, _, _ = load(n)
m.scale_activations(jnp.ones(2))
m.set_dropout_rate(0.5)
got = float(m.scale_activations(jnp.ones(2))[0])
verdict(n, abs(got - 0.5) > 1e-6, f"after rate=0.5 got {got}")
