# Seen in tumaer/JAXFLUIDS src/jaxfluids/feed_forward/feed_forward.py:321, 322, 337, 377,
# 393, 456, 494 (1 JXP402, 6 JXP401) and src/jaxfluids/simulation_manager.py:1408, 1409
# (2 JXP401), the sixteenth set's first run.
# `FeedForwardSetup` is a NamedTuple of Python ints and bools (outer and inner step counts,
# whether to checkpoint, whether to keep the first state, whether to keep halos).
# `SimulationManager.feed_forward` vmaps the bound method `self._feed_forward` with
# `in_axes=(..., None, ...)` at the setup's place, and the notebooks' jitted losses call
# `_feed_forward` with a setup they close over: the setup is never a jit argument and never
# batched, so it stays Python. `_feed_forward` hands it to `configure_multistep`, which
# reads its fields into locals and builds closures (`range(inner_steps)`, `if
# is_checkpoint_inner_step: inner = jax.checkpoint(inner)`, `[...] if is_include_t0 else
# []`), and reads `is_include_halos` itself in a nested post-processing function. Every
# branch is on a Python value; the program runs as written.
# The analysis takes the setup for traced: every local and closure read derived from it in
# the helper it is handed to, and its field read in the nested function, count as traced
# values, though `in_axes=None` at its place keeps it unbatched (taught for a Python int
# given directly, fixtures/surveys/vmap_unbatched_static.py) and no jit receives it. What
# sets it off is not pinned down: here the `__main__` block's module-level
# `jax.jit(lambda xs: sim.run_batch(xs, no_first))` (or the eager `run_batch` call beside
# the jitted `_run` closure) makes the findings appear; the same lines inside a `def main()`,
# or the vmap closing over the setup (`jax.vmap(lambda x: self._run(x, setup))`), report
# nothing.
# Checked under jax 0.10.2: `python config_namedtuple_closed_over_taken_as_traced.py` passes.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class StepSetup(NamedTuple):
    outer_steps: int
    inner_steps: int = 1
    is_checkpoint_inner: bool = True
    is_checkpoint_step: bool = False
    is_include_first: bool = True


def configure_steps(step_fn, setup: StepSetup):
    outer_steps = setup.outer_steps
    inner_steps = setup.inner_steps
    is_checkpoint_inner = setup.is_checkpoint_inner
    is_checkpoint_step = setup.is_checkpoint_step
    is_include_first = setup.is_include_first

    def inner(x):
        for _ in range(inner_steps):  # must not be reported (JXP402)
            if is_checkpoint_step:  # must not be reported (JXP401)
                x = jax.checkpoint(step_fn)(x)
            else:
                x = step_fn(x)
        return x

    if is_checkpoint_inner:  # must not be reported (JXP401)
        inner = jax.checkpoint(inner)

    def outer(x):
        outs = [x] if is_include_first else []  # must not be reported (JXP401)
        for _ in range(outer_steps):  # must not be reported (JXP402)
            x = inner(x)
            outs.append(x)
        return jnp.stack(outs)

    return outer


class Simulator:
    def __init__(self, rate):
        self.rate = rate

    def run_batch(self, xs, setup: StepSetup):
        return jax.vmap(self._run, in_axes=(0, None))(xs, setup)

    def _run(self, x, setup: StepSetup):
        def post(y):
            return y if setup.is_include_first else y[1:]  # must not be reported (JXP401)

        multistep = configure_steps(lambda y: y * self.rate, setup)
        return post(multistep(x))


if __name__ == "__main__":
    sim = Simulator(2.0)
    setup = StepSetup(outer_steps=3, inner_steps=2)
    run = jax.jit(lambda x: sim._run(x, setup))
    assert jnp.array_equal(run(jnp.ones(())), jnp.array([1.0, 4.0, 16.0, 64.0]))
    no_first = StepSetup(2, 1, False, True, False)
    batch = jax.jit(lambda xs: sim.run_batch(xs, no_first))(jnp.ones((2,)))
    assert jnp.array_equal(batch, jnp.array([[4.0], [4.0]]))
    print("ok")
