# Seen in neuralgcm/neuralgcm neuralgcm/legacy/transforms.py:161-165 (JXP502).
# `ToModalWithDivCurlTransform.__call__(self, inputs)` pops `u` and `v` from the dict it is
# given and writes them back rescaled. Its only caller, a parameterization module
# (parameterizations.py:167), holds it as `self.to_div_curl_fn` and calls it with
# `nodal_tendencies`, a dict the previous module just returned inside the same transformed
# function, and never reads that dict again. The module call is not a transform boundary:
# caller and callee run in one trace, so the caller would see the write the same way with
# or without jit, and it does not look. The analysis treats each haiku module call as run
# under the user's jit and the argument as the jit's input, and it does not follow the call
# through the attribute to see that the caller never reads its dict.
# Needs dm-haiku. Checked under jax 0.10.2 and dm-haiku 0.0.17:
# `python argument_write_in_module_called_inside_trace.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp


class ToDivCurl(hk.Module):
    def __call__(self, inputs):
        u, v = inputs.pop("u"), inputs.pop("v")  # must not be reported (JXP502)
        inputs["u"] = u * 2.0  # must not be reported (JXP502)
        inputs["v"] = v * 2.0  # must not be reported (JXP502)
        return {"div": inputs["u"] + inputs["v"], "curl": inputs["u"] - inputs["v"]}


class Scale(hk.Module):
    def __call__(self, tendencies):
        w = hk.get_parameter("w", shape=(), init=jnp.ones)
        return {k: w * v for k, v in tendencies.items()}


class Tendencies(hk.Module):
    def __init__(self, tendency_transform_module, name=None):
        super().__init__(name=name)
        self.tendency_transform_fn = tendency_transform_module()
        self.to_div_curl_fn = ToDivCurl()

    def __call__(self, x):
        nodal_tendencies = self.tendency_transform_fn({"u": x, "v": x**2})
        return self.to_div_curl_fn(nodal_tendencies)


def run(module_cls, x):
    f = hk.transform(lambda v: module_cls(Scale)(v))
    params = f.init(None, x)
    return f.apply(params, None, x), jax.jit(f.apply)(params, None, x)


if __name__ == "__main__":
    eager, jitted = run(globals()["Tendencies"], jnp.arange(3.0))  # built by name, as gin builds it
    assert all(jnp.allclose(eager[k], jitted[k]) for k in eager)
    print("ok")
