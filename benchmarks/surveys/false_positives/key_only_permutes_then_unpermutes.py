# Seen in google-deepmind/tapnet tapnet/training/experiment.py:182-195 (JXP301, JXP302) and
# tapnet/training/supervised_point_prediction.py:880-884 (JXP302).
# jaxline's `step(global_step, rng)` hands the step's key to the update and then, every
# `evaluate_every` steps, to `self.evaluate(global_step, rng=rng, mode=mode)` for each eval
# mode; the evaluation hands the same key to every eval batch. The only draw the TAPIR
# forward pass makes from it is `jax.random.permutation(hk.next_rng_key(), num_queries)`,
# which decides which queries share a chunk and is undone (`inv_perm`) before anything is
# returned (at training time it also picks which tracks get the stop_gradient; evaluation
# does not train). The evaluation's results do not depend on the key, so reusing it is
# harmless. The analysis cannot know that a draw does not reach the result.
# Left unfixed (s5-keys): "the result does not depend on the key" holds only if what runs
# between the permutation and its inverse treats every query alike (here each chunk's
# queries independently, and no stop_gradient or training-only pick), a fact about values
# and their algebra, not about where the key flows. Training reuses the same draw to pick
# the tracks it stops gradients for, where the key does matter, and the same `forward` runs
# in both. No general notion tells these apart short of following the permutation's values.
# Checked under jax 0.10.2: `python key_only_permutes_then_unpermutes.py` passes.
import jax
import jax.numpy as jnp


def forward(params, queries, rng, chunk=2):
    n = queries.shape[0]
    perm = jax.random.permutation(rng, n)
    inv_perm = jnp.zeros_like(perm).at[perm].set(jnp.arange(n))
    outs = [queries[perm[ch : ch + chunk]] * params for ch in range(0, n, chunk)]
    return jnp.concatenate(outs)[inv_perm]


@jax.jit
def update(params, batch, rng):
    grads = jax.grad(lambda p: jnp.sum(forward(p, batch, rng) ** 2))(params)
    return params - 0.01 * grads


eval_batch = jax.jit(lambda params, batch, rng: jnp.mean(forward(params, batch, rng)))


def evaluate(params, batches, rng):
    return [eval_batch(params, batch, rng) for batch in batches]


def step(params, batch, rng, eval_sets):
    params = update(params, batch, rng)
    scalars = {}
    for mode, batches in eval_sets.items():
        scalars[mode] = evaluate(params, batches, rng=rng)
    return params, scalars


if __name__ == "__main__":
    batch = jnp.arange(6.0)
    eval_sets = {"davis": [jnp.arange(4.0), jnp.ones(4)], "kinetics": [jnp.ones(6)]}
    keys = jax.random.split(jax.random.key(0), 2)
    params_a, scalars_a = step(jnp.float32(1.0), batch, keys[0], eval_sets)
    params_b, scalars_b = step(jnp.float32(1.0), batch, keys[1], eval_sets)
    # the key changes nothing the caller sees
    assert jnp.allclose(params_a, params_b)
    assert all(jnp.allclose(a, b) for m in eval_sets for a, b in zip(scalars_a[m], scalars_b[m]))
    print("ok")
