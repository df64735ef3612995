from rt import *
n = "c103_set_update_static_modes"; m, _, _ = load(n)
params = [jnp.eye(2), jnp.eye(2)]
for acts in [("relu", "tanh"), ("relu", "tanh"), ("gelu", "tanh"), ("relu", "tanh")]:
    y = m.mlp(params, jnp.array([-1.0, 1.0]), acts)
verdict(n, m.USED_ACTIVATIONS != {"relu", "tanh", "gelu"}, f"USED_ACTIVATIONS={sorted(m.USED_ACTIVATIONS)}")
