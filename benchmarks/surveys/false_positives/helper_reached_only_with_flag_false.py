# Seen in google/paxml paxml/tasks_lib.py:311, 316, 328, 343, 356, 603 and 1959 (7 JXP104),
# the sixteenth set's first run.
# `initialize_model_state(jax_task, prng_key, ..., do_init_checkpoint_rules=True)` (in
# trainer_lib.py) initialises the variables and, only `if do_init_checkpoint_rules:`, calls
# `jax_task.apply_init_checkpoint_rules(...)`, which walks the rules and logs which variables
# match, are skipped or are overwritten by a loaded checkpoint (and the loaded step). The one
# traced caller, `init_model_from_seed` given to `pjit` in
# `initialize_partitioned_model_states`, passes `do_init_checkpoint_rules=False` ("checkpoint
# loading has to be done after partitioning") and applies the rules after the compiled init,
# on the host. Every other caller runs eagerly. The logging never runs under a trace.
# The analysis follows the call into `apply_init_checkpoint_rules` from the traced function
# without reading the constant `False` the caller passes for the flag that guards it: the
# helper reached only with the flag false is taken as traced. (The same program with `True`
# in the traced caller is reported alike; there it would be right.)
# Checked under jax 0.10.2: `python helper_reached_only_with_flag_false.py` passes.
import logging

import jax
import jax.numpy as jnp


def _apply_rule(state, pattern, loaded):
    names = [name for name in state if name.startswith(pattern)]
    logging.info("rule %s matches %s", pattern, names)  # must not be reported (JXP104)
    for name in names:
        state[name] = loaded[name]
    return state


class Task:
    def __init__(self, rules, loaded):
        self.rules = rules
        self.loaded = loaded

    def apply_rules(self, state):
        for pattern in self.rules:
            state = _apply_rule(state, pattern, self.loaded)
        state["step"] = self.loaded["step"]
        logging.info("step overwritten with %s", state["step"])  # must not be reported (JXP104)
        return state


def initialize_state(task: Task, key, do_init_rules=True):
    k1, k2 = jax.random.split(key)
    state = {"step": jnp.zeros((), jnp.int32), "dense_w": jax.random.normal(k1, (2,)), "head_w": jax.random.normal(k2, (2,))}
    if do_init_rules:
        state = task.apply_rules(state)
    return state


def initialize_partitioned(task: Task, key, do_init_rules=True):
    def init_from_seed(key):
        # rules are applied after partitioning, outside the compiled init
        return initialize_state(task, key, do_init_rules=False)

    state = jax.jit(init_from_seed)(key)
    if do_init_rules:
        state = task.apply_rules(dict(state))
    return state


if __name__ == "__main__":
    task = Task(["dense"], {"dense_w": jnp.zeros(2), "step": 7})
    key = jax.random.PRNGKey(0)
    eager = initialize_state(task, key)
    compiled = initialize_partitioned(task, key)
    assert jnp.array_equal(eager["dense_w"], jnp.zeros(2))
    assert jnp.array_equal(compiled["dense_w"], jnp.zeros(2))
    assert jnp.allclose(eager["head_w"], compiled["head_w"])
    assert int(eager["step"]) == 7 and int(compiled["step"]) == 7
    print("ok")
