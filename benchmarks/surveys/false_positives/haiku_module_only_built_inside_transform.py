# Seen in neuralgcm/neuralgcm neuralgcm/legacy/stochastic.py:311, 313 (JXP601).
# `GaussianRandomFieldModule(GaussianRandomField, hk.Module).__init__` reads its tuned
# correlation time from `hk.get_parameter` and calls `GaussianRandomField.__init__`, which
# stores `self.phi = jnp.exp(-dt / tau)`. Under a jitted apply that is a tracer kept on the
# instance. But a haiku module can only be constructed inside `hk.transform` (haiku raises
# otherwise), so every instance is made during a trace and dropped when the transformed
# function returns: the attribute cannot outlive the trace. NeuralGCM builds the module from
# a gin configuration, out of the analysis' view; with the construction in view it is
# learned already (fixtures/surveys/haiku_module_built_per_call.py).
# Needs dm-haiku. Checked under jax 0.10.2 and dm-haiku 0.0.17:
# `python haiku_module_only_built_inside_transform.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp


class Field:
    def __init__(self, dt, tau):
        self.phi = jnp.exp(-dt / tau)  # must not be reported (JXP601)

    def advance(self, x):
        return self.phi * x


class FieldModule(Field, hk.Module):
    def __init__(self, dt, name=None):
        hk.Module.__init__(self, name=name)
        tau_raw = hk.get_parameter("tau_raw", shape=(), init=hk.initializers.Constant(0.0))
        Field.__init__(self, dt, tau=jax.nn.softplus(tau_raw) + 1.0)

    def __call__(self, x):
        return self.advance(x)


def run(module_cls, x):
    f = hk.transform(lambda v: module_cls(0.1)(v))
    params = f.init(None, x)
    apply = jax.jit(f.apply)
    return apply(params, None, x), apply(params, None, 2 * x)


if __name__ == "__main__":
    # built by name, as a configuration system (gin) builds it
    first, second = run(globals()["FieldModule"], jnp.ones(2))
    assert jnp.allclose(2 * first, second)
    try:
        FieldModule(0.1)
    except ValueError:
        pass  # outside hk.transform haiku refuses to build the module
    else:
        raise AssertionError("a haiku module was built outside a transform")
    print("ok")
