# Reproduction (set18a) of a FALSE JXP301 finding.
# Where seen: google-deepmind/kfac-jax @ babd853, kfac_jax/_src/optimizer.py:1094
#   `return self._init(params, rng, batch, func_state)` reported as reusing `rng`
#   "consumed on line 1089 by `self.finalize(params, rng, batch, func_state)`".
# What the code does: Optimizer.init calls self.finalize(...) once (Finalizable.finalize in
#   utils/misc.py forwards *args to self._finalize, which is a no-op in the base class and is
#   not overridden by Optimizer or any subclass in the repo), then draws from rng in _init.
# Why the finding is wrong: finalize never draws from (or splits) the key, so the key is used
#   once. This runs under JAX.
# What the analysis misses: a method called through `self.` is assumed to consume every key
#   argument, even when its body (and the hook it forwards to) never uses the key. Smaller
#   variant, also reported: `def finalize(self, params, rng): pass` followed by
#   `self.finalize(params, rng); jax.random.normal(rng, ...)`. The same code written as module
#   functions (finalize -> _finalize -> pass) is correctly NOT reported.
#   Same family as benchmarks/surveys/false_positives/abstract_stub_taken_to_draw.py
#   (fortuna, set 15: an unread stub counted as a draw because an unseen subclass might
#   draw): a repeated question. Here no subclass in the repository overrides the hook.
# Left untaught (lead, eighteenth set): `_finalize` is a protected hook that does nothing so
# that subclasses may override it, the same question as abstract_stub_taken_to_draw.py: a
# subclass outside the repository (kfac-jax is a library) may draw from the key there, and a
# hook's empty body is no promise. Counting the call as a draw stays the sound side.
import jax
import jax.numpy as jnp


class Finalizable:
    finalized = False

    def finalize(self, *args, **kwargs):
        self._finalize(*args, **kwargs)
        self.finalized = True

    def _finalize(self, *args, **kwargs):
        """Hook for subclasses; does nothing here."""


class Opt(Finalizable):

    def init(self, params, rng):
        if not self.finalized:
            self.finalize(params, rng)
        return self._init(params, rng)  # JXP301 reported here

    def _init(self, params, rng):
        return params + jax.random.normal(rng, params.shape)


if __name__ == "__main__":
    print(Opt().init(jnp.zeros(3), jax.random.PRNGKey(0)))
