# Seen in google/bayesnf src/bayesnf/inference.py:439 (JXP302).
# `fit_map` fits `num_splits` groups of particles in a loop; each group gets
# `fold_in(seed, i)` when there are several groups, and the seed itself when
# `num_splits == 1` ("for better comparisons with previous experiments"). The branch
# that hands the unsplit seed on is taken only when the loop runs once, so no two
# iterations ever draw from the same key. The analysis does not tie the branch's test to
# the loop's length, and reports the seed as drawn in every iteration.
# Checked under jax 0.10.2: `python key_kept_only_when_loop_runs_once.py` passes.
import jax
import jax.numpy as jnp


def fit(seed, num_splits):
    draws = []
    for i in range(num_splits):
        if num_splits > 1:
            seed_i = jax.random.fold_in(seed, i)
        else:
            seed_i = seed
        draws.append(jax.random.normal(seed_i, (2,)))
    return jnp.stack(draws)


if __name__ == "__main__":
    one = fit(jax.random.key(1), 1)
    assert jnp.array_equal(one[0], jax.random.normal(jax.random.key(1), (2,)))
    many = fit(jax.random.key(1), 3)
    assert len({tuple(r.tolist()) for r in many}) == 3
    print("ok")
