from rt import *
n = "c101_dqn_target_params_argument"; m, e, _ = load(n)
p = jnp.array([0.5, -0.5]); tp = p; obs = jnp.eye(2); ref = []
for step in range(6):
    def loss_fn(q):
        t = 1.0 + 0.9 * jnp.max(obs @ tp)
        return (jnp.max(obs @ q) - t) ** 2
    l, g = jax.value_and_grad(loss_fn)(p); p = p - 0.1 * g; ref.append(float(l))
    if step % 2 == 1:
        tp = p
verdict(n, e is not None or not np.allclose(m.history, ref, atol=1e-5), f"{m.history} ref {ref}")
