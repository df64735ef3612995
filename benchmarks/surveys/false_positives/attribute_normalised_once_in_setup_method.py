# Seen: AI-Hypercomputer/maxdiffusion @7cfb8801
#   src/maxdiffusion/schedulers/scheduling_unipc_multistep_flax.py:389 and :542 (JXP101)
#     if self.config.solver_type == "bh1": ...      (in multistep_uni_p/c_bh_update, reached
#                                                    from `@partial(jax.jit, static_argnums=(0, 5)) def step(self, ...)`)
#   the reassignment is in create_state (line 174):
#     if self.config.solver_type not in ["bh1", "bh2"]:
#       if self.config.solver_type in ["midpoint", "heun", "logrho"]:
#         self.config.solver_type = "bh2"
# What the code does: create_state, the setup call that builds the scheduler state every
#   caller needs before the first `step`, normalises an alias of a config option once;
#   __init__ already rejects every value but "bh1"/"bh2", so the assignment cannot even run.
# Why the finding is wrong: the attribute is settled before any jitted step is traced (and
#   normalising twice gives the same value), so there is no later change for the trace to miss.
#   `self` is a static argument of the jitted `step`, as the author notes.
# What the analysis misses: a one-time, idempotent normalisation in a setup method whose
#   result the jitted method needs (here unreachable after the __init__ check) is treated like a
#   change made between calls of the jitted function.
# Left untaught (lead, eighteenth set): a one-off; telling a one-time, idempotent
# normalisation in a setup method from a change between calls needs the order in which a
# user calls the methods, which the code does not state.
from functools import partial

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, solver_type):
        self.solver_type = solver_type


class Scheduler:
    def __init__(self, solver_type="bh2"):
        self.config = Config(solver_type)
        if self.config.solver_type not in ["bh1", "bh2"]:
            raise NotImplementedError(self.config.solver_type)

    def create_state(self):
        if self.config.solver_type not in ["bh1", "bh2"]:
            if self.config.solver_type in ["midpoint", "heun"]:
                self.config.solver_type = "bh2"
            else:
                raise NotImplementedError(self.config.solver_type)
        return jnp.zeros(3)

    def update(self, state, h):
        if self.config.solver_type == "bh1":
            b_h = h
        else:
            b_h = jnp.expm1(h)
        return state + b_h

    @partial(jax.jit, static_argnums=(0,))  # self is static
    def step(self, state, h):
        return self.update(state, h)


if __name__ == "__main__":
    scheduler = Scheduler()
    state = scheduler.create_state()
    print(scheduler.step(state, 0.5))
