# Seen in matthias-wright/flaxmodels flaxmodels/stylegan2/ops.py:639, 641, 662, 671 and the
# same code in flaxmodels/few_shot_gan_adaption/ops.py:629, 631, 652, 661 (JXP403 6, JXP401 2).
# A transposed convolution under jit computes its padding from
# `dn = jax.lax.conv_dimension_numbers(lhs.shape, rhs.shape, spec)`: a ConvDimensionNumbers
# namedtuple of tuples of Python ints, computed from static shapes. `np.take(rhs.shape,
# dn.rhs_spec)`, `np.array(dn.rhs_spec)` and the comparison of the output shape derived from
# them are NumPy on static values. The analysis takes the result of every `jax.lax` call for
# an array, so `dn` looks traced and NumPy on it looks like NumPy on a tracer.
# Checked under jax 0.10.2: `python lax_conv_dimension_numbers_static.py` passes.
import jax
import jax.numpy as jnp
import numpy as np


def _output_length(size, kernel, stride):
    return (size - 1) * stride + kernel


def conv_transpose(lhs, rhs, strides, output_shape=None):
    dn = jax.lax.conv_dimension_numbers(lhs.shape, rhs.shape, ("NHWC", "HWIO", "NHWC"))
    k_sdims = np.take(rhs.shape, dn.rhs_spec)[2:]  # must not be reported (JXP403)
    i_sdims = np.take(lhs.shape, dn.lhs_spec)[2:]  # must not be reported (JXP403)
    inferred = tuple(map(_output_length, i_sdims, k_sdims, strides))
    if output_shape is not None and not output_shape == inferred:  # must not be reported (JXP401)
        raise ValueError(f"{output_shape} != {inferred}")
    pads = [(k - 1, k - 1) for k in k_sdims]
    spatial = np.array(dn.rhs_spec)[2:]  # must not be reported (JXP403)
    for axis in spatial:
        rhs = jnp.flip(rhs, int(axis))
    return jax.lax.conv_general_dilated(lhs, rhs, (1, 1), pads, lhs_dilation=strides,
                                        dimension_numbers=dn)


@jax.jit
def upsample(x, w):
    return conv_transpose(x, w, (2, 2), output_shape=(9, 9))


if __name__ == "__main__":
    out = upsample(jnp.ones((1, 4, 4, 2)), jnp.ones((3, 3, 2, 5)))
    assert out.shape == (1, 9, 9, 5), out.shape
    print("ok")
