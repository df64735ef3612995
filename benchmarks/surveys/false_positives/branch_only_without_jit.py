# Must not report (JXP403). Seen in pyro-ppl/numpyro numpyro/util.py:169 (0b935d4880), traced
# from test/infer/test_hmc_util.py:72: a `fori_loop` wrapper whose Python fallback branch
# (`for i in range(int(lower), int(upper))`) runs only while a module flag is set, and the
# project sets that flag only together with `jax.disable_jit()`; under jit the `lax.fori_loop`
# branch runs, which accepts a traced bound. Checked: `python branch_only_without_jit.py` under
# jax 0.10.2 (jitted with the flag off, and with the flag on inside jax.disable_jit()). Reading
# the flag under jit is a deliberate JXP101 (a trace-time switch), suppressed here.
from contextlib import contextmanager

import jax
import jax.numpy as jnp
from jax import lax

_DISABLE_CONTROL_FLOW_PRIM = False


@contextmanager
def control_flow_prims_disabled():
    global _DISABLE_CONTROL_FLOW_PRIM
    stored, _DISABLE_CONTROL_FLOW_PRIM = _DISABLE_CONTROL_FLOW_PRIM, True
    try:
        yield
    finally:
        _DISABLE_CONTROL_FLOW_PRIM = stored


def fori_loop(lower, upper, body_fun, init_val):
    if _DISABLE_CONTROL_FLOW_PRIM:  # noqa: JXP101
        val = init_val
        for i in range(int(lower), int(upper)):
            val = body_fun(i, val)
        return val
    return lax.fori_loop(lower, upper, body_fun, init_val)


@jax.jit
def total(x, n):
    return fori_loop(0, n, lambda i, acc: acc + x[i], 0.0)


if __name__ == "__main__":
    x = jnp.arange(10.0)
    assert total(x, 10) == 45.0
    with jax.disable_jit(), control_flow_prims_disabled():
        assert total(x, 10) == 45.0
