from rt import *
n = "c401_frozen_config_static"; m, _, _ = load(n)
e = raises(m.layer, m.Config(), jnp.eye(2), jnp.ones(2), jnp.ones(2))
verdict(n, e is not None, ename(e))
