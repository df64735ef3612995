# Seen in lanl/scico scico/optimize/_admmaux.py:104 (JXP101).
# `GenericSubproblemSolver.solve` defines a jitted closure `obj` that reads `self.admm`'s
# penalty parameters and iterates, minimises it, then records the result with
# `self.info[attrib] = ...`. The write goes into `self.info`, which `obj` never reads, and
# `obj` is jitted anew on every call of `solve`, so no trace outlives the state it read. The
# analysis takes an item write into one attribute as a mutation of all of `self` (a plain
# `self.info = ...` or `self.info.update(...)` is not reported).
# Checked under jax 0.10.2: `python item_write_into_unread_attribute.py` passes.
import jax
import jax.numpy as jnp


class Solver:
    def __init__(self, scale):
        self.scale = scale
        self.info = {}

    def solve(self, x0):
        @jax.jit
        def obj(x):
            return self.scale * jnp.sum(x**2)  # must not be reported (JXP101)

        value = obj(x0)
        self.info["value"] = value
        return value


if __name__ == "__main__":
    s = Solver(2.0)
    assert float(s.solve(jnp.ones(3))) == 6.0
    s.scale = 3.0  # a change between calls is seen: solve jits a new closure each time
    assert float(s.solve(jnp.ones(3))) == 9.0
    print("ok")
