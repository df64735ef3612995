"""Random-walk Metropolis for Bayesian logistic regression, run with fori_loop."""
import jax
import jax.numpy as jnp


def log_posterior(w, X, y):
    logits = X @ w
    log_lik = jnp.sum(y * logits - jnp.logaddexp(0.0, logits))
    log_prior = -0.5 * jnp.sum(w ** 2)
    return log_lik + log_prior


@jax.jit
def rwm(w0, X, y, key, n_steps=500, scale=0.1):
    def body(i, state):
        w, lp, accepted = state
        k_prop, k_acc = jax.random.split(key)  # expect: JXP302
        proposal = w + scale * jax.random.normal(k_prop, w.shape)
        lp_prop = log_posterior(proposal, X, y)
        accept = jnp.log(jax.random.uniform(k_acc)) < lp_prop - lp
        w = jnp.where(accept, proposal, w)
        lp = jnp.where(accept, lp_prop, lp)
        return w, lp, accepted + accept
    init = (w0, log_posterior(w0, X, y), 0)
    w, lp, accepted = jax.lax.fori_loop(0, n_steps, body, init)
    return w, accepted / n_steps
