import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    step = hk.get_state("step", [], jnp.int32, init=jnp.zeros)
    scale = hk.get_state("scale", [], jnp.float32, init=jnp.ones)
    if step < 100:  # expect: JXP401
        scale = 0.9 * scale + 0.1 * jnp.abs(x).mean()
    hk.set_state("step", step + 1)
    hk.set_state("scale", scale)
    return hk.Linear(2)(x / scale)


net = hk.transform_with_state(forward)
apply_fn = jax.jit(net.apply)
