"""A method called under jit on an object captured from the enclosing function.

Reduces deepqmc-ed552c4d-164: `fit_wf(..., sampler, ...)` jits
`sample_wf = lambda rng, state: sampler.sample(rng, state, wf)`; the sampler is a
mixin chain assembled at run time (`chain(...)` builds `type(name, bases, {})`), and
`ResampledSampler.sample` tests the traced step counter with a Python `if`. The call on
the captured, unannotated `sampler` is not resolved to any class's `sample`, even
when one class defines it.
"""
import jax
import jax.numpy as jnp


class MetropolisSampler:
    def propose(self, rng, state):
        return {**state, "r": state["r"] + jax.random.normal(rng, state["r"].shape)}


class ResampledSampler:
    def __init__(self, frequency):
        self.frequency = frequency

    def sample(self, rng, state):
        state = self.propose(rng, state)
        state["step"] += 1
        if state["step"] > self.frequency:  # JXP401
            state["step"] = jnp.array(0)
        return state


def chain(*samplers):
    chained = type("Chained", tuple(map(type, samplers)), {"__init__": lambda self: None})()
    for sampler in samplers:
        chained.__dict__.update(sampler.__dict__)
    return chained


def fit(sampler, rng, state):
    @jax.jit
    def sample_wf(rng, state):
        return sampler.sample(rng, state)

    return sample_wf(rng, state)


fit(chain(ResampledSampler(10), MetropolisSampler()), jax.random.PRNGKey(0), {"r": jnp.zeros(3), "step": jnp.array(0)})
