from rt import *
n = "b101_shard_map_loss_scale"; m, _, _ = load(n)
w = jnp.ones(2); x = jnp.ones((8, 2))
a = m.scaled_grad(w, x)
m.set_loss_scale(128.0)
b = m.scaled_grad(w, x)
verdict(n, bool(jnp.allclose(a, b)), f"before {a}, after scale=128 {b}")
