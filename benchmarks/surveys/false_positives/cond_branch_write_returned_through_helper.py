# Seen in f0uriest/quadax quadax/adaptive.py:780 and 956 (2 JXP502).
# `_accelerate(state, ...)` ends with `jax.lax.cond(unvmap_any(~ordinary), run, skip,
# state)`, where `run(state)` is `return _accelerate_full(state, ...)`, and
# `_accelerate_full` writes into the dict it is given (`state["bisect_next_err_rank"] =
# ...`, `state["status"] += ...`) and returns it. Under lax.cond each branch gets its own
# copy of the operand's pytree, so the writes are seen through the result only, and every
# caller rebinds to it: the solver loop has `state = _accelerate(state, ...)`. Nobody reads
# the dict that went in. fixtures/surveys/cond_branch_argument_write_returned.py taught
# the same writes made in the branch function itself; here the branch hands the state on
# to a helper and returns the helper's result, and the analysis no longer sees that the
# written object is what the branch returns.
# Checked under jax 0.10.2: `python cond_branch_write_returned_through_helper.py` passes.
import jax
import jax.numpy as jnp


def _accelerate_full(state, i):
    state["rank"] = jnp.minimum(state["rank"], i)  # must not be reported (JXP502)
    state["status"] += 2  # must not be reported (JXP502)
    return state


def _accelerate(state, i):
    def skip(state):
        state["err"] = state["err"] - 1.0
        return state

    def run(state):
        return _accelerate_full(state, i)

    return jax.lax.cond(i > 1, run, skip, state)


@jax.jit
def solve(state, i):
    state = _accelerate(state, i)
    return state


if __name__ == "__main__":
    state = {"rank": jnp.array(5), "status": jnp.array(0), "err": jnp.array(3.0)}
    out = solve(state, 2)
    assert int(out["rank"]) == 2 and int(out["status"]) == 2
    out = solve(state, 0)
    assert int(out["rank"]) == 5 and float(out["err"]) == 2.0
    # the state that went in is untouched; the result carries the writes
    assert int(state["status"]) == 0
    print("ok")
