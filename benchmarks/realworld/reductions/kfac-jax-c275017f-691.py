"""Python `if` on a flag that a staged (jitted/pmapped) method passes as an array.

Reduces kfac-jax-c275017f-691: `Optimizer` derives from the project's
`utils.WithStagedMethods` (another module); its `@utils.staged` step calls
`_update_estimator_curvature(..., sync=...)` with a traced boolean, and the helper
branches on it in Python.
"""
import jax.numpy as jnp
from kfac_jax._src import utils


class Optimizer(utils.WithStagedMethods):
    def _update_estimator_curvature(self, state, sync=True):
        state = state + 1.0
        if sync:  # JXP401
            state = state / 2.0
        return state

    @utils.staged
    def step(self, state, step_counter):
        return self._update_estimator_curvature(state, sync=jnp.equal(step_counter % 10, 0))
