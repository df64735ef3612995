# Seen in NX-AI/xlstm-jax xlstm_jax/trainer/llm/sampling.py:178-192 (JXP502).
# The token-generation step `_generate_one_step(loop_state)` writes the new index, cache,
# tokens and masks into the loop-state dict it is given and returns it. Its only callers are
# `jax.lax.while_loop(cond, _generate_one_step, loop_state)` and the `fori_loop` body
# `lambda i, val: _generate_one_step(val)`: both hand it the loop's own copy of the carry and
# take the result, and the caller rebinds `loop_state` to what the loop returns. No caller
# reads the object that went in, so the write is seen through the result only, with or
# without the transform. (The lax.cond / lax.switch version of this, a branch that writes
# into its state and returns it, is learned: fixtures/surveys/cond_branch_argument_write_returned.py.)
# Checked under jax 0.10.2: `python loop_body_carry_write_returned.py` passes.
import jax
import jax.numpy as jnp


def generate(limit, use_while):
    def step(state):
        state["idx"] = state["idx"] + 1  # must not be reported (JXP502)
        state["total"] = state["total"] + state["idx"]  # must not be reported (JXP502)
        return state

    state = {"idx": 0, "total": jnp.float32(0)}
    if use_while:
        state = jax.lax.while_loop(lambda s: s["idx"] < limit, step, state)
    else:
        state = jax.lax.fori_loop(0, limit, lambda i, val: step(val), state)
    return state["total"]


if __name__ == "__main__":
    assert float(generate(4, True)) == float(generate(4, False)) == 10.0
    assert float(jax.jit(generate, static_argnums=(0, 1))(4, True)) == 10.0
    print("ok")
