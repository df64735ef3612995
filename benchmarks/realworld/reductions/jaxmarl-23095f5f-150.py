"""A print of a traced value in an override of a method that a base class defined in
another module calls from its jitted step.

Reduces jaxmarl-23095f5f-150: `MPEBaseEnv.step_env` (another module) is
`@partial(jax.jit, static_argnums=[0])` and calls `self.rewards`; the subclass's
`rewards` is therefore traced, and its print shows a tracer once. The same cause hides
jaxmarl-757e9ed2-404 (and -405): `.item()` on flags computed from the actions in
`step_agents`, which the class's own `step_env` calls under the base class's jitted
`step`; the same `.item()` is reported under a visible `jax.jit`.
"""
import jax.numpy as jnp
from multiagentgymnax.environments.mpe._mpe_utils.mpe_base_env import MPEBaseEnv


class SimpleCryptoMPE(MPEBaseEnv):
    def rewards(self, state, params):
        comm_diff = jnp.square(state.c - state.goal_colour)
        print("comm diff", comm_diff)  # JXP104
        return {"agent": -comm_diff.sum()}
