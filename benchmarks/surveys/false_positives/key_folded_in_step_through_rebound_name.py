# Seen in google-deepmind/jax_privacy jax_privacy/training.py:371 (JXP302). The training loop
# passes one `prng_key` to every step, and `train_step` derives the step's key with
# `jax.random.fold_in(prng_key, state.step)`. The loop calls it as `step_fn`, which is
# `trainer.train_step` or, for a batch size compiled ahead, that compilation's result:
# `step_fn = futures[size].result()`. Every step still folds in its own counter.
# Checked under jax 0.10.2: `python key_folded_in_step_through_rebound_name.py` passes.
import concurrent.futures

import jax
import jax.numpy as jnp


@jax.jit
def train_step(state, batch, prng_key):
    key = jax.random.fold_in(prng_key, state["step"])
    noise = jax.random.normal(key, state["w"].shape)
    return {"w": state["w"] - 0.1 * batch.mean() + 0.01 * noise, "step": state["step"] + 1}, noise


def train(state, batches, prng_key, precompiled):
    noises = []
    for batch in batches:
        step_fn = train_step
        if batch.shape[0] in precompiled:
            step_fn = precompiled[batch.shape[0]].result()
        state, noise = step_fn(state, batch, prng_key)
        noises.append(noise)
    return state, noises


with concurrent.futures.ThreadPoolExecutor() as pool:
    state = {"w": jnp.zeros(3), "step": jnp.array(0)}
    futures = {4: pool.submit(lambda: train_step)}
    state, noises = train(state, [jnp.ones(4)] * 3 + [jnp.ones(2)], jax.random.key(0), futures)
assert int(state["step"]) == 4
assert len({tuple(n.tolist()) for n in noises}) == 4  # a new key at every step
