# Seen in google/paxml paxml/eval_lib.py:518, 744 and 1036 and paxml/executors.py:237 (4
# JXP301; alike in tests, paxml/tasks_lib_test.py:837 and 843), the sixteenth set's first run.
# Each runner calls `partitioner.setup(jax_task, prng_key, input_shapes, ...)` and then
# `checkpointer.get_model_states(prng_key, ...)` (or `infer_and_write_pmap(task, prng_key,
# ...)`), which draws the model's initial variables from the key. `setup` (in
# partitioning.py) only stores the key, `self._init_key = init_key`, beside the task and the
# log directory; its one reader is the ahead-of-time lowering of the auto-sharded step,
# which logs `jax.tree.map(jnp.shape, self._init_key)` and lowers with it as an abstract
# argument: its shape and dtype, never its bits. Nothing is drawn before
# `get_model_states`, so the first real use is not a reuse.
# The analysis counts a key handed to a method as consumed. It would have to see that the
# method only keeps the key in an attribute and that every reader of that attribute uses
# no more than its shape and dtype (lowering, `jax.ShapeDtypeStruct`).
# Checked under jax 0.10.2: `python key_kept_by_setup_never_drawn.py` passes.
import jax
import jax.numpy as jnp


class Partitioner:
    def __init__(self):
        self._init_key = None
        self._input_shape = None

    def setup(self, task, init_key, input_shape):
        # kept for ahead-of-time lowering only: its shape and dtype, never its bits
        self._task = task
        self._init_key = init_key
        self._input_shape = input_shape

    def lower_step(self, step_fn):
        key_spec = jax.ShapeDtypeStruct(jnp.shape(self._init_key), self._init_key.dtype)
        inputs = jax.ShapeDtypeStruct(self._input_shape, jnp.float32)
        return jax.jit(step_fn).lower(key_spec, inputs).compile()


def init_params(key, width):
    return jax.random.normal(key, (width,))


def evaluate(partitioner, key, width):
    partitioner.setup("task", key, (width,))
    params = init_params(key, width)  # must not be reported (JXP301)
    step = partitioner.lower_step(lambda k, x: x * 2.0)
    return params, step


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    partitioner = Partitioner()
    params, step = evaluate(partitioner, key, 3)
    # the only draw from the key is init_params's: as if setup had never seen it
    assert jnp.array_equal(params, jax.random.normal(jax.random.PRNGKey(0), (3,)))
    assert jnp.array_equal(step(jax.random.PRNGKey(1), jnp.ones(3)), jnp.full(3, 2.0))
    print("ok")
