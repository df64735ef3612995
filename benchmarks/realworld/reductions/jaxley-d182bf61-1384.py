"""A truth test of a NumPy reduction of traced parameters, reached through a factory.

Reduces jaxley-d182bf61-1384: `np.min(params[name])` on parameters the jitted integrator
passes in is itself fine under jit (np.min hands a tracer to its own `.min()`, checked
under jax 0.10 / numpy 2: the result is a tracer), but the `assert minimal > 0` after it
raises TracerBoolConversionError (JXP401); the fix removed both lines, and the entry names
the assert. The path (a test jits `loss` -> `integrate(module, params)` -> `init_fn`
unpacked from `build_init_and_step_fn(module)`'s tuple -> `module.get_all_parameters`
on the factory's parameter annotated `module: Module`) is followed now
(fixtures/realworld/jaxley-factory-closures.py); what is still missing is the value:
`params` is a dict filled in a loop over a list of dicts built from the traced
parameters (in the tree, by `params_to_pstate` in another module, and `.at[].set` on
`self.jaxnodes` entries), and a dict's entries are not given kinds.
"""
import jax
import numpy as np


class Module:
    def get_all_parameters(self, pstate):
        params = {}
        for entry in pstate:
            params[entry["key"]] = entry["val"]
        minimal = np.min(params["axial_diffusion"])
        assert minimal > 0  # JXP401
        return params


def build_init_fn(module: Module):
    def init_fn(params):
        pstate = [{"key": k, "val": v} for k, v in params.items()]
        return module.get_all_parameters(pstate)

    return init_fn


def integrate(module: Module, params):
    init_fn = build_init_fn(module)
    return init_fn(params)


def loss(params):
    return integrate(Module(), params)["axial_diffusion"].sum()


grad_fn = jax.jit(jax.value_and_grad(loss))
