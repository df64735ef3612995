# Project: adaptive-intelligent-robotics/QDax qdax/baselines/diayn_smerl.py:123 (also
#   dads_smerl.py:129) and epignatelli/navix navix/agents/ppo.py:271; JXP301 "`self._update_
#   networks(training_state, ...)` reuses PRNG key `training_state.key` consumed on line 119 by
#   `self._compute_reward(samples, training_state, returns)`".
# What the code does: `training_state` (a record with a `key` field) is handed whole to a
#   helper (`self._compute_reward`, an override; in navix the lax.scan body `sgd_step` gets
#   the whole train_state) that reads other fields only (discriminator params, running
#   stats, network params), never `.key`. Then `_update_networks` splits `training_state.key`.
# Why it is false: passing a record is not a draw from its key field; the helper never reads
#   the key, so there is one use of it and no numbers are repeated.
# What the analysis would need: a record argument counts as a use of its key field only when
#   the callee (a method through self, an override, a scan body) reads that field or passes
#   the record on to something that does (taught already for a bare key: key_ignored_by_callee).
# Left untaught (twentieth set, lead): a record handed whole to a method of `self`, an
#   override or a scan body counts as a use of every key field it holds; telling that the
#   callee reads other fields only needs the record flow (flow/key_records.py) to follow
#   fields into callees, as keyparams follows a bare key.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainingState(NamedTuple):
    key: jax.Array
    scale: jax.Array


class Agent:
    def _compute_reward(self, rewards, training_state):
        return rewards * training_state.scale  # reads the scale field only

    def _update_networks(self, training_state):
        key, sub = jax.random.split(training_state.key)
        return training_state._replace(key=key), jax.random.normal(sub, (2,))

    def update(self, training_state, rewards):
        key, subkey = jax.random.split(training_state.key)
        noise = jax.random.normal(subkey, (2,))
        training_state = training_state._replace(key=key)
        rewards = self._compute_reward(rewards + noise, training_state)
        training_state, more = self._update_networks(training_state)
        return training_state, rewards + more


agent = Agent()
update = jax.jit(agent.update)
state = TrainingState(key=jax.random.PRNGKey(0), scale=jnp.asarray(2.0))
state, out = update(state, jnp.ones(2))
assert out.shape == (2,)
