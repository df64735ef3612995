"""NumPy calls and truth tests on arrays in library methods that users jit.

Reduces tinygp-3c338bfe-719 (a kernel's `init` classmethod: `np.roll` on a jnp array
built from the parameters), tinygp-4d84fe6a-109 (a kernel method: `np.append` on the
input coordinates inside a `tree_map` lambda) and kauldron-0e4c3325-334 (a metric
state's `compute`: `if self.count == 0` on an array field) and coax-cd149beb-338 (a
distribution's `preprocess_variate`, handed to function approximators as their action
preprocessor and run in their jitted forward pass: `onp.clip` on the traced actions).
Users call these inside `jax.jit`; nothing in the library says so. A visible `jax.jit`
that calls `Kernel.init(alpha)` gets the first line reported; the calls through an
instance (`Kernel().to_general(X)`, `state.compute()` on a jitted argument) are not
followed even then.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


class Kernel:
    @classmethod
    def init(cls, alpha):
        x = jnp.append(alpha, 1.0)
        params = jnp.stack([np.roll(x, k) for k in range(3)], axis=0)  # JXP403
        return cls(), params

    def to_general(self, X):
        return jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X)  # JXP403


@dataclasses.dataclass
class AverageState:
    total: jnp.ndarray
    count: jnp.ndarray

    def compute(self):
        if self.count == 0:  # JXP401
            return 0.0
        return self.total / self.count


class NormalDist:
    def preprocess_variate(self, X):
        X = X.reshape(-1, 2)
        return np.clip(X, -1.0, 1.0)  # JXP403
