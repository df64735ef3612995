# Seen in sokrypton/ColabDesign colabdesign/seq/stats.py:23 (JXP402; the traced callers in
# colabdesign/seq/learn_msa.py:47 and colabdesign/seq/mrf.py:258).
# `get_stats(X, ..., labels=None)` turns integer labels into a one-hot with
# `if jnp.issubdtype(labels, jnp.integer): labels = jax.nn.one_hot(labels, labels.max()+1)`,
# a size taken from the labels' values: fine eagerly, where get_stats is called on data.
# Its traced callers, the jitted `model(params, X_stats)` of learn_msa and the `model` of
# seq/mrf.py:258, pass `labels=jax.nn.one_hot(self.Y_labels, self.k)` and sample_msa's
# one-hot (or None): float arrays. The dtype test is a static fact of the argument and false
# there, so the one_hot with a traced size never runs under a trace (integer k-means labels
# go in eagerly, mrf.py:233). The analysis does not narrow by the dtype test and reports
# the traced size.
# Checked under jax 0.10.2: `python integer_dtype_branch_given_float_by_traced_caller.py`
# passes.
import jax
import jax.numpy as jnp


def get_stats(X, labels=None):
    Xn = X / X.sum(-1, keepdims=True)
    o = {"f_i": Xn.mean(0)}
    if labels is not None:
        if jnp.issubdtype(labels, jnp.integer):
            labels = jax.nn.one_hot(labels, labels.max() + 1)  # must not be reported (JXP402)
        o["mf_i"] = jnp.einsum("nc,nia->cia", labels, Xn)
    return o


def make_model(k, y_labels):
    @jax.jit
    def model(Y):
        return get_stats(Y, labels=jax.nn.one_hot(y_labels, k))["mf_i"].sum()

    return model


if __name__ == "__main__":
    X = jnp.ones((4, 3, 2))
    eager = get_stats(X, labels=jnp.array([0, 1, 1, 2]))  # eagerly, integer labels
    assert eager["mf_i"].shape == (3, 3, 2)
    model = make_model(3, jnp.array([0, 1, 1, 2]))
    assert jnp.allclose(model(X), 12.0)
    print("ok")
