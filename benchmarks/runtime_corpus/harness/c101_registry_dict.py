from rt import *
n = "c101_registry_dict"; m, _, _ = load(n)
x = jnp.ones(2); w = jnp.eye(2)
ok = np.allclose(m.mlp_block(w, x, act="swish"), m.swish(x)) and np.allclose(m.mlp_block(w, x, act="gelu"), m.gelu(x))
verdict(n, not ok, "registry filled at import, before any trace")
