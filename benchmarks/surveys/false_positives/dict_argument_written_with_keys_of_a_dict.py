# Seen in f0uriest/quadax quadax/adaptive.py:955 (JXP201).
# `_accelerate_full(state, ...)` works on the solver's state dict: it reads
# `state["e_arr"]`, `state["status"]`, ... and writes its results back in one loop,
# `updates = {"append_mask": ..., "n_append": ..., ...}` then `for key, value in
# updates.items(): state[key] = tree_where(proceed, value, state[key])`. `state` is a dict
# (the function itself indexes it with string keys only, and its callers build it as one),
# and `key` runs over the string keys of the dict literal `updates`, so the write is a dict
# item assignment. The analysis takes a write into a traced argument with a subscript it
# cannot read as a write into a JAX array; a literal key (`state["status"] = ...`) is not
# reported, nor should a key drawn from a dict literal's keys be, nor a subscript into an
# argument the function otherwise indexes by strings only.
# Checked under jax 0.10.2: `python dict_argument_written_with_keys_of_a_dict.py` passes.
import jax
import jax.numpy as jnp


@jax.jit
def step(state, i):
    proceed = i > 0
    updates = {"a": state["a"] + 1.0, "b": state["b"] * 2.0}
    for key, value in updates.items():
        state[key] = jnp.where(proceed, value, state[key])  # must not be reported (JXP201)
    return state


if __name__ == "__main__":
    out = step({"a": jnp.array(1.0), "b": jnp.array(3.0)}, 1)
    assert float(out["a"]) == 2.0 and float(out["b"]) == 6.0
    out = step({"a": jnp.array(1.0), "b": jnp.array(3.0)}, 0)
    assert float(out["a"]) == 1.0 and float(out["b"]) == 3.0
    print("ok")
