# Seen in google-deepmind/disco_rl colabs/meta_train.ipynb, cell 7 line 19 (JXP101, an
# example).
# The notebook defines `meta_update`, which reads the module list `agents`
# (`agent, state = agents[agent_i], agents_states[agent_i]`); the next cell fills `agents`
# with `agents.append(MetaTrainAgent(...))` and only then builds
# `jitted_meta_update = jax.pmap(meta_update, ...)`, whose first call, in the cell after,
# traces it. Nothing touches `agents` after that, so every trace reads the full list. The
# analysis takes any in-place mutation of a global a traced function reads for a change the
# compiled function misses, without asking whether it happens before the first trace (a
# rebinding there is already understood).
# Checked under jax 0.10.2: `python global_filled_before_first_trace.py` passes.
import jax
import jax.numpy as jnp


def meta_update(params, x):
    total = 0.0
    for agent_i in range(num_agents):
        total = total + agents[agent_i](params, x)
    return total


num_agents = 2
agents = []
for scale in (1.0, 2.0):
    agents.append(lambda p, x, s=scale: s * jnp.sum(p * x))

jitted_meta_update = jax.jit(meta_update)

if __name__ == "__main__":
    params = jnp.ones(3)
    for step in range(3):
        out = jitted_meta_update(params, jnp.arange(3.0))
        assert out == 9.0  # both agents, at every step
    print("ok")
