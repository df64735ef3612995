from rt import *
n = "b302_mcmc_fori_closed_key"; m, _, _ = load(n)
X = jax.random.normal(jax.random.PRNGKey(1), (50, 3)); y = (X[:, 0] > 0).astype(jnp.float32)
# with the same proposal noise every step, the chain moves along one fixed direction only
w, acc = m.rwm(jnp.zeros(3), X, y, jax.random.PRNGKey(0), n_steps=50)
direction = w / jnp.linalg.norm(w)
k_prop, _ = jax.random.split(jax.random.PRNGKey(0)); d0 = jax.random.normal(k_prop, (3,)); d0 = d0 / jnp.linalg.norm(d0)
cos = float(jnp.abs(direction @ d0))
verdict(n, cos > 0.9999, f"final w collinear with the single proposal direction: |cos|={cos:.6f} acc={float(acc):.2f}")
