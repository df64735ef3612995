from rt import *
n = "c101_env_override_before_use"; m, _, _ = load(n)
x = jnp.ones(2)
a = m.init_hidden(x); b = m.init_hidden(x)
verdict(n, a.shape != (2, m.HIDDEN) or b.shape != (2, m.HIDDEN), f"shape {a.shape}; global only set at import, before any trace")
