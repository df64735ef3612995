# Seen in google-deepmind/jax_privacy jax_privacy/matrix_factorization/buffered_toeplitz.py:401
# and 431 (2 JXP401, 1 JXP403). `BufferedToeplitz.inverse(self, skip_checks=False)` runs
# numpy checks (`if gap < 1e-9`, `if not np.allclose(...)`) under `if not skip_checks`; its
# docstring says skip_checks=True is "necessary in jitted contexts", and the jitted callers
# (`max_loss`, `limit_max_loss`) call `blt.inverse(skip_checks=True)`. The checks never run
# under jit.
# Checked under jax 0.10.2: `python literal_keyword_disables_branch.py` passes.
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Toeplitz:
    buf_decay: jax.Array
    output_scale: jax.Array

    def inverse(self, skip_checks: bool = False) -> "Toeplitz":
        if not skip_checks:
            gap = np.min(np.diff(np.sort(np.asarray(self.buf_decay))))
            if gap < 1e-9:
                raise ValueError("buf_decay values too close")
        theta2 = jnp.diag(self.buf_decay) - jnp.outer(self.output_scale, jnp.ones_like(self.buf_decay))
        evals = jnp.linalg.eigvalsh((theta2 + theta2.T) / 2)
        if not skip_checks:
            if not np.allclose(np.asarray(evals), np.asarray(evals).real):
                raise RuntimeError("complex eigenvalues")
        return Toeplitz(evals, -self.output_scale)


@jax.jit
def max_loss(blt: Toeplitz) -> jax.Array:
    inv = blt.inverse(skip_checks=True)
    return jnp.sum(inv.output_scale ** 2) * jnp.max(jnp.abs(inv.buf_decay))


blt = Toeplitz(jnp.array([0.9, 0.5]), jnp.array([0.1, 0.2]))
blt.inverse()  # the checks run eagerly
assert max_loss(blt).shape == ()
