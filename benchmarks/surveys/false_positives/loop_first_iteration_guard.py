# Seen in matthias-wright/flaxmodels flaxmodels/stylegan2/discriminator.py:397 (JXP301).
# The discriminator draws the label embedding's weights from `init_rng` (line 364) and then
# walks `for res in range(resolution_log2, 2, -1)`, whose body first runs `if res ==
# resolution_log2: init_rng, init_key = random.split(init_rng)` and then splits `init_rng`
# again. The first split (line 388) is a real reuse of the drawn key and stays reported.
# The second (line 397) never sees that key: the range starts at `resolution_log2`, so on
# the first iteration the guarded split always runs first and rebinds `init_rng`. The
# analysis takes the path that skips the guard on the first iteration as possible.
# Checked under jax 0.10.2: `python loop_first_iteration_guard.py` passes.
import jax
import jax.numpy as jnp


def init(key, n_levels, seen=None):
    rng = key
    out = [jax.random.normal(rng, (3,))]
    for level in range(n_levels, 2, -1):
        if level == n_levels:
            rng, sub = jax.random.split(rng)  # a real reuse of the drawn key: stays reported
            out.append(jax.random.normal(sub, (3,)))
        if seen is not None:
            seen.append(rng is key)
        rng, sub = jax.random.split(rng)  # must not be reported (JXP301)
        out.append(jax.random.normal(sub, (3,)))
    return jnp.stack(out)


if __name__ == "__main__":
    seen = []
    assert init(jax.random.key(0), 5, seen).shape == (5, 3)
    # the unguarded split never receives the key drawn from before the loop
    assert seen == [False, False, False]
    print("ok")
