# Seen in neuralgcm/neuralgcm neuralgcm/legacy/forcings.py:251 (JXP201).
# `IncrementSSTForcingTransform.__call__(self, forcing)` starts with
# `assert isinstance(forcing, dict)`, copies it and writes one entry:
# `forcing[self.key] = forcing[self.key] + self.temperature_change`. That is item assignment
# on a dict, never on a JAX array. The module is built and called from a gin configuration,
# so no caller is in view, and the analysis takes the haiku module's parameter for an array
# in spite of the assertion.
# Needs dm-haiku. Checked under jax 0.10.2 and dm-haiku 0.0.17:
# `python module_argument_asserted_dict.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp


class IncrementSST(hk.Module):
    def __init__(self, change, key="sst", name=None):
        super().__init__(name=name)
        self.change = change
        self.key = key

    def __call__(self, forcing):
        assert isinstance(forcing, dict)
        forcing = forcing.copy()
        forcing[self.key] = forcing[self.key] + self.change  # must not be reported (JXP201)
        return forcing


def run(module_cls, forcing):
    f = hk.transform(lambda v: module_cls(1.0)(v))
    params = f.init(None, forcing)
    return jax.jit(f.apply)(params, None, forcing)


if __name__ == "__main__":
    forcing = {"sst": jnp.ones(2), "ice": jnp.zeros(2)}
    out = run(globals()["IncrementSST"], forcing)  # built by name, as gin builds it
    assert jnp.allclose(out["sst"], 2.0) and jnp.allclose(forcing["sst"], 1.0)
    print("ok")
