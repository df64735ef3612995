# Seen in google/flaxformer flaxformer/architectures/perceiver_ar/t5_models.py:698-750
# (JXP502).
# The `body(state)` of a `lax.while_loop` writes `state['logits'] = jnp.zeros_like(...)`
# only `if 'logits' not in state:`, which holds once, when the code calls
# `init_state = body(init_state)` eagerly before the loop to learn the logits' shape and
# dtype; inside the while_loop the carry always holds 'logits', so the write never runs
# under the transform. Even then the write is read back in the same call
# (`jnp.where(..., loop_logits, state['logits'])`) and body returns a new dict: no caller
# relies on seeing the mutation. The analysis reports the write as an argument mutation
# lost under while_loop.
# Checked under jax 0.10.2: `python argument_entry_written_for_local_read.py` passes.
import jax
import jax.numpy as jnp
from jax import lax


def score(values, lengths):
    def body(state):
        slice_end = jnp.minimum(state["slice_end"] + 2, lengths)
        step_logits = values * slice_end[:, None]
        if "logits" not in state:
            # only in the eager first call: learn the logits' shape and dtype
            state["logits"] = jnp.zeros_like(step_logits)
        logits = jnp.where(jnp.arange(values.shape[1])[None] >= state["slice_end"][:, None],
                           step_logits, state["logits"])
        new_state = {"logits": logits, "slice_end": slice_end}
        return new_state

    def cond(state):
        return jnp.any(state["slice_end"] < lengths)

    init_state = body({"slice_end": jnp.zeros_like(lengths)})
    final_state = lax.while_loop(cond, body, init_state)
    return final_state["logits"]


out = jax.jit(score)(jnp.ones((2, 5)), jnp.array([5, 3]))
assert out.shape == (2, 5)
print("ok")
