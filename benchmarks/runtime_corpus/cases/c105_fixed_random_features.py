import jax
import jax.numpy as jnp

N_FEATURES = 64


@jax.jit
def rff_kernel_features(x, lengthscale):
    # Random Fourier features: the projection must be identical on every call,
    # otherwise the kernel approximation changes between train and test.
    k_w, k_b = jax.random.split(jax.random.key(1234))
    omega = jax.random.normal(k_w, (x.shape[-1], N_FEATURES)) / lengthscale
    phase = jax.random.uniform(k_b, (N_FEATURES,), maxval=2 * jnp.pi)
    return jnp.sqrt(2.0 / N_FEATURES) * jnp.cos(x @ omega + phase)


def approx_kernel(x1, x2, lengthscale=1.0):
    return rff_kernel_features(x1, lengthscale) @ rff_kernel_features(x2, lengthscale).T
