# Seen in google/vizier vizier/_src/algorithms/designers/gp/gp_models.py:203 and
# vizier/_src/algorithms/designers/gp_ucb_pe.py:1115 (JXP603).
# `_train_gp` builds a model from its spec and data and calls
# `eqx.filter_jit(eqx.filter_vmap(model.setup))(ard_rngs[1:])`; `_suggest_one` calls
# `eqx.filter_jit(scoring_fn.aux)(optimal_features)`. Both run in loops (over stacked GP
# specs, over the suggestions of a batch) and build a new wrapper each call. Equinox keeps one
# `jax.jit` per wrapped function's name and passes the function's non-array part as a static
# argument and its arrays as traced ones, so a fresh `filter_jit` of a bound method of an
# equal-structured Module reuses the compiled function: nothing is compiled anew unless the
# structure (types, shapes, static fields) changes, and then a hoisted jit would retrace too.
# The analysis treats `eqx.filter_jit(f)` like `jax.jit(f)` of a new function object.
# Needs equinox (checked with equinox 0.13.8, jaxtyping 0.3.11).
# Checked under jax 0.10.2: `python filter_jit_cached_by_static_structure.py` passes.
import equinox as eqx
import jax
import jax.numpy as jnp

traces = []


class Model(eqx.Module):
    weights: jax.Array

    def setup(self, key):
        traces.append("setup")
        return self.weights * jax.random.normal(key, self.weights.shape)

    def aux(self, features):
        traces.append("aux")
        return {"mean": features @ self.weights}


def train(weights, key):
    model = Model(weights)
    keys = jax.random.split(key, 3)
    return model, eqx.filter_jit(eqx.filter_vmap(model.setup))(keys)


def suggest(model, features):
    return eqx.filter_jit(model.aux)(features)


def train_all(all_weights, key):
    return [train(weights, k) for weights, k in zip(all_weights, jax.random.split(key, 4))]


if __name__ == "__main__":
    trained = train_all([jnp.full(2, float(i)) for i in range(4)], jax.random.key(0))
    means = [suggest(model, jnp.ones((1, 2)))["mean"] for model, _ in trained]
    assert [float(m[0]) for m in means] == [0.0, 2.0, 4.0, 6.0]
    # four fresh wrappers each, one trace each: the compiled functions are reused
    assert traces.count("setup") == 1 and traces.count("aux") == 1, traces
    print("ok")
