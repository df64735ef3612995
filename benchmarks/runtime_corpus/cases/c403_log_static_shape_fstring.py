"""Conv feature extractor that reports layer shapes (static) while compiling."""
import jax
import jax.numpy as jnp


def conv(x, w, stride=1):
    return jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))


@jax.jit
def features(params, images):
    x = images
    for i, w in enumerate(params):
        x = jax.nn.relu(conv(x, w, stride=2))
        n, h, wd, c = x.shape
        print(f"compiling layer {i}: {h:3d}x{wd:3d}x{c:4d} ({h * wd * c / 1e3:.1f}k activations)")
    return x.mean(axis=(1, 2))
