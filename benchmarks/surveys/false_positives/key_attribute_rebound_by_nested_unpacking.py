# Seen in instadeepai/sebulba sebulba/actor.py:99 (1 JXP302).
# The actor's loop calls a jitted `wrapped_act_fn(params, key, obs)` that does
# `key, next_key = jax.random.split(key)`, draws the action from `key` and returns
# `(action, extra), (next_key, next_obs)`; the loop writes the result back with
# `(action, extra), (self.rng, obs) = wrapped_act_fn(params, self.rng, obs)`. The key passed
# in is consumed by the split only; what comes back into `self.rng` is the fresh
# `next_key`, never drawn from, so every iteration draws from a new key. The same loop with
# a flat target (`action, self.rng = act(self.rng, obs)`) or with a local name in the
# nested target (`(action, extra), (key, obs) = ...`) is not reported: the analysis loses
# the returned key when an attribute is bound inside a nested tuple target.
# Checked under jax 0.10.2: `python key_attribute_rebound_by_nested_unpacking.py` passes.
import jax
import jax.numpy as jnp


class Actor:
    def __init__(self, key):
        self.rng = key

    def run(self, obs, steps):
        @jax.jit
        def act(key, obs):
            key, next_key = jax.random.split(key)
            action = jax.random.normal(key, obs.shape)
            return (action, action.sum()), (next_key, obs + 1)

        actions = []
        for _ in range(steps):
            (action, _), (self.rng, obs) = act(self.rng, obs)  # must not be reported (JXP302)
            actions.append(action)
        return actions


if __name__ == "__main__":
    actions = Actor(jax.random.PRNGKey(0)).run(jnp.zeros(4), 5)
    for i in range(5):
        for j in range(i):
            assert not jnp.array_equal(actions[i], actions[j])
    print("ok")
