# Seen in google-deepmind/alphafold alphafold/model/modules_multimer.py:365 (JXP601).
# `AlphaFoldIteration.__call__` stores `self.batch = batch` (and its representations) for
# its heads. The module is constructed inside `AlphaFold.__call__`
# (`impl = AlphaFoldIteration(...)`), that is, inside the transformed function: a new
# instance on every trace, dropped when the call returns. Nothing outside the trace keeps
# the object, so the traced value does not outlive it.
# Checked under jax 0.10.2 and dm-haiku 0.0.17: `python haiku_module_built_per_call.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp


class Iteration(hk.Module):
    def __call__(self, batch):
        self.batch = batch
        self.representations = hk.Linear(4)(batch["x"])
        return self.head()

    def head(self):
        return self.representations.sum(-1) + self.batch["bias"]


class Model(hk.Module):
    def __call__(self, batch):
        impl = Iteration(name="iteration")
        return impl(batch)


def main():
    f = hk.transform(lambda batch: Model()(batch))
    batch = {"x": jnp.ones((2, 3)), "bias": jnp.zeros(2)}
    params = f.init(jax.random.key(0), batch)
    apply = jax.jit(f.apply)
    out1 = apply(params, None, batch)
    out2 = apply(params, None, {"x": jnp.zeros((2, 3)), "bias": jnp.ones(2)})
    assert out1.shape == (2,) and jnp.allclose(out2, 1.0)


if __name__ == "__main__":
    main()
