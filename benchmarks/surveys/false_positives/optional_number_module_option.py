# Seen in google-deepmind/tapnet tapnet/models/tapir_model.py:952-961 (JXP402 x3) and
# tapnet/utils/ssm_utils.py:98 (JXP401).
# Options of a model method declared `Optional[int]` / `float | None` with a None default:
# TAPIR's `estimate_trajectories(..., query_chunk_size: Optional[int] = None)` (haiku)
# loops `for ch in range(0, num_queries, query_chunk_size)` and slices
# `perm[ch : ch + query_chunk_size]`; its callers pass a Python int from the experiment's
# config (`train_chunk_size`, `eval_chunk_size`, or 64 in the live demo).
# `TokenSubsampling.__call__(..., override_drop_ratio: float | None = None)` (linen) picks
# `drop_ratio` from it or from its float fields and returns early on `if drop_ratio == 0.0`;
# no caller passes an array. These are hyperparameters fixed when the program is built,
# never traced values. The analysis presumes an Optional[int]/Optional[float] parameter of
# a module method traced (a deliberate choice since maxdiffusion scans a layer index
# declared `Optional[int]`), so it reports the range bound, the slices and the test.
# Checked under jax 0.10.2, dm-haiku 0.0.17 and flax 0.12.8:
# `python optional_number_module_option.py` passes.
import functools
from typing import Optional

import flax.linen as nn
import haiku as hk
import jax
import jax.numpy as jnp


class Tracker(hk.Module):
    def __call__(self, queries, query_chunk_size: Optional[int] = None):
        w = hk.get_parameter("w", (queries.shape[-1],), init=jnp.ones)
        return self.estimate_trajectories(queries * w, query_chunk_size)

    def estimate_trajectories(self, queries, query_chunk_size: Optional[int] = None):
        num_queries = queries.shape[1]
        if query_chunk_size is None:
            query_chunk_size = num_queries
        # the permutation randomises which queries share a chunk; it is undone below
        perm = jax.random.permutation(hk.next_rng_key(), num_queries)
        inv_perm = jnp.zeros_like(perm).at[perm].set(jnp.arange(num_queries))
        outs = []
        for ch in range(0, num_queries, query_chunk_size):
            perm_chunk = perm[ch : ch + query_chunk_size]
            outs.append(queries[:, perm_chunk])
        return jnp.concatenate(outs, axis=1)[:, inv_perm]


class TokenSubsampling(nn.Module):
    drop_ratio: float
    drop_ratio_test: float = 0.0
    is_training: bool = False

    @nn.compact
    def __call__(self, tokens, override_drop_ratio: float | None = None):
        if override_drop_ratio is not None:
            drop_ratio = override_drop_ratio
        elif self.is_training:
            drop_ratio = self.drop_ratio
        else:
            drop_ratio = self.drop_ratio_test
        if drop_ratio == 0.0:
            return tokens
        return tokens * (1.0 - drop_ratio)


def forward(queries, chunk_size):
    return Tracker()(queries, query_chunk_size=chunk_size)


def main(eval_chunk_size=2):
    fwd = hk.transform(functools.partial(forward, chunk_size=eval_chunk_size))
    q = jnp.arange(12.0).reshape(1, 6, 2)
    params = fwd.init(jax.random.key(0), q)
    out = jax.jit(fwd.apply)(params, jax.random.key(1), q)
    assert jnp.allclose(out, q)  # the permutation is undone: the chunks only bound memory

    sub = TokenSubsampling(drop_ratio=0.5)
    tokens = jnp.ones((2, 8, 3))
    variables = sub.init(jax.random.key(2), tokens)
    assert jax.jit(sub.apply)(variables, tokens).shape == (2, 8, 3)
    override = functools.partial(sub.apply, override_drop_ratio=0.25)
    assert jnp.allclose(jax.jit(override)(variables, tokens), 0.75)
    print("ok")


if __name__ == "__main__":
    main()
