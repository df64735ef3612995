# Project: dfm/tinygp docs/tutorials/transforms.ipynb cell 8:74; JXP603 "`jax.jit(jax.value_
#   and_grad(loss))` inside a loop jits a new `jax.value_and_grad(...)` function on every
#   iteration, compiled anew each time; jit it once, outside the loop".
# What the code does: a loop over two models builds `loss = loss_func(model)` (a closure
#   over the iteration's model), jits its value_and_grad once per model and calls it 1000
#   times in an inner training loop.
# Why it is false: each iteration jits a different function (another model), so one
#   compilation per iteration is the least there can be, and the jitted function is reused
#   inside the iteration; "jit it once, outside the loop" cannot be done.
# What the analysis would need: the jitted function is a closure made in the iteration from
#   the loop variable (through a factory call), reused in an inner loop; taught for a
#   closure defined in the loop body (jit_of_per_configuration_closure), not for one
#   returned by a factory called with the loop variable.
# Left untaught (twentieth set, lead): a closure a factory builds from the loop's item is
#   one function per item when the item is configuration (a model), but the same code shape
#   with a batch (`loss_for(batch)`) is a real recompilation bug; the analysis cannot tell
#   the two apart.
import jax
import jax.numpy as jnp


def loss_func(scale):
    def loss(params):
        return jnp.sum((scale * params - 1.0) ** 2)

    return loss


results = {}
for it, scale in enumerate([1.0, 2.0]):
    params = jnp.zeros(3)
    loss = loss_func(scale)
    loss_grad_fn = jax.jit(jax.value_and_grad(loss))
    for i in range(100):
        loss_val, grads = loss_grad_fn(params)
        params = params - 0.05 * grads
    results[it] = float(loss_val)
assert results[0] < 1e-3 and results[1] < 1e-3
