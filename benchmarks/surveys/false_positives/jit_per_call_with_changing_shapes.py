# Seen in mfinzi/equivariant-MLP emlp/reps/representation.py:337 and
# experiments/notebooks/additional_appendix_figs.ipynb (JXP603; the fifteenth set's first
# run). `solve_upto_r(C, r)` jits a loss over its own `W` of shape (n, r) and runs it
# thousands of times in its inner loop; its caller calls it in a loop that doubles `r` (or
# with another constraint matrix for each group), so every call traces new shapes: a jit
# built once outside would compile anew on each iteration too, and each compile serves
# thousands of calls. The analysis reports a jit made on every call of a function called
# in a loop; telling that the shapes change on every iteration would need `r` followed into
# a shape. A same-shape loop would waste a compile per iteration, which is what the rule is for.
# Checked under jax 0.10.2: `python jit_per_call_with_changing_shapes.py` passes.
import jax
import jax.numpy as jnp


def solve_upto_r(C, r, steps=50, lr=0.05):
    W = jnp.ones((C.shape[-1], r)) / C.shape[-1]

    def loss(W):
        return (jnp.abs(C @ W) ** 2).sum() / 2

    loss_and_grad = jax.jit(jax.value_and_grad(loss))  # must not be reported (JXP603)
    for _ in range(steps):
        value, grad = loss_and_grad(W)
        W = W - lr * grad
    return value


def solve(C, tol=1e-3):
    r = 2
    while True:
        value = solve_upto_r(C, r)
        if value < tol or r >= 8:
            return r
        r *= 2


assert solve(jnp.eye(4)[:2]) in (2, 4, 8)
print("ok")
