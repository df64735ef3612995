from rt import *
n = "b101_es_sigma_closure_rebound"; m, _, _ = load(n)
theta0 = jnp.zeros(4); key = jax.random.PRNGKey(0)
th, hist = m.run_es(theta0, key, n_generations=3)
# reference: rebuild with the sigma each generation should have used
def ref(theta, key, n_generations=3, pop_size=64, lr=0.05):
    sigma = 0.5
    for gen in range(n_generations):
        key, sub = jax.random.split(key)
        eps = jax.random.normal(sub, (pop_size, theta.shape[0]))
        pert = theta[None, :] + sigma * eps
        r = jax.vmap(m.fitness)(pert); r = (r - r.mean()) / (r.std() + 1e-8)
        theta = theta + lr * (r @ eps / (pop_size * sigma)); sigma *= 0.5
    return theta
t2 = ref(theta0, key)
verdict(n, not np.allclose(th, t2, atol=1e-5), f"jitted={np.round(th,4)} ref={np.round(t2,4)}")
