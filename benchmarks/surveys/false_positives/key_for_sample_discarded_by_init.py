# Seen in nissymori/JAX-CORL algos/cql.py:725 (JXP301).
# `create_cql_train_state` initialises the policy with `policy_model.init(policy_rng,
# observations, policy_rng)`: the first key is init's (the "params" stream of the
# initialisers), the second is the `rng` argument of `TanhGaussianPolicy.__call__`, which
# draws an action with `sample_and_log_prob(seed=rng)`. `Module.init` runs `__call__` only
# to create the variables and returns those alone: the sampled action and its log-prob are
# thrown away, so that draw is never read and nothing the program keeps depends on both
# uses of the key. The analysis counts a key given twice to one call as reused; it would
# have to know that the output of the call made by `init` is discarded (the same call with
# `apply`, whose output is kept, is a real reuse).
# Left untaught (twelfth session): teaching it (the inputs an rng-first `init` hands to the
# model draw nothing kept) was tried and reverted: jaxrl's maintainers changed the same
# shape, `actor.init(key, obs, 1.0, key)`, in a fix commit (real-world entry
# jaxrl-73ceb60d-207), and rejax's three are judged deliberate, not false; the line between
# hygiene and harm is the maintainers' to draw.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python key_for_sample_discarded_by_init.py` passes.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
    action_dim: int

    @nn.compact
    def __call__(self, observations, rng, deterministic=False):
        mean = nn.Dense(self.action_dim)(observations)
        if deterministic:
            return jnp.tanh(mean)
        return jnp.tanh(mean + jax.random.normal(rng, mean.shape))


def create_policy(rng, observations):
    rng, policy_rng = jax.random.split(rng)
    model = Policy(action_dim=2)
    params = model.init(policy_rng, observations, policy_rng)  # must not be reported (JXP301)
    return model, params, rng


if __name__ == "__main__":
    obs = jnp.ones((1, 3))
    model, params, rng = create_policy(jax.random.PRNGKey(0), obs)
    # init's result holds the variables only, whatever key the sample was given
    other = model.init(jax.random.split(jax.random.PRNGKey(0))[1], obs, jax.random.PRNGKey(9))
    assert jax.tree.all(jax.tree.map(jnp.array_equal, params, other))
    print("ok")
