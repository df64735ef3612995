# Seen in kevin-tracy/qpax qpax/elastic_qp.py:145 and :286 (2 JXP104).
# The interior-point steps `pdip_pc_step_elastic` and `pdip_newton_step_elastic` print the
# iterate under `if DEBUG_FLAG:`, a module constant set to False and never rebound. The
# solvers run a step under `jax.lax.while_loop` only in the `else:` of the same flag; with
# the flag on they run `while_loop_debug`, a plain Python loop, where the print runs on every
# iteration with concrete values, as intended. With the flag off (as shipped) the print
# never runs at all. The analysis takes the step for a while_loop body on every path and
# does not see that the flag which guards the print is the one that picks the Python loop.
# Checked under jax 0.10.2: `python module_debug_flag_selects_python_loop.py` passes.
import jax
import jax.numpy as jnp

DEBUG_FLAG = False


def step(state):
    x, i = state
    x = 0.5 * x
    if DEBUG_FLAG:
        print("%3d   %9.2e" % (i, jnp.linalg.norm(x)))  # must not be reported (JXP104)
    return x, i + 1


def cond(state):
    x, i = state
    return jnp.logical_and(i < 30, jnp.linalg.norm(x) > 1e-3)


def while_loop_debug(cond_fun, body_fun, init_val):
    val = init_val
    while cond_fun(val):
        val = body_fun(val)
    return val


def solve(x0):
    init = (x0, 0)
    if DEBUG_FLAG:
        print("iter      r")
        out = while_loop_debug(cond, step, init)
    else:
        out = jax.lax.while_loop(cond, step, init)
    return out


if __name__ == "__main__":
    import contextlib
    import io

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        x, n = solve(jnp.ones(3))
    assert int(n) == 11 and printed.getvalue() == "", printed.getvalue()
    # the debugging path the flag selects is a Python loop with concrete values
    x2, n2 = while_loop_debug(cond, step, (jnp.ones(3), 0))
    assert n2 == 11 and jnp.allclose(x, x2)
    print("ok")
