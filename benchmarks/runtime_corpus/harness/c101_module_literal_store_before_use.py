from rt import *
n = "c101_module_literal_store_before_use"; m, _, _ = load(n)
out = m.run([jnp.ones(()), jnp.ones(())])
verdict(n, any(float(o) != 3.0 for o in out), [float(o) for o in out])
