# Seen in google-research/vision_transformer vit_jax/train.py:93 and vit_jax.ipynb (cell of
# the model's init, row 10) (2 JXP101).
# `train_and_evaluate` takes one `batch = next(iter(ds_train))` for shapes, defines
# `init_model()` closing over it (`jnp.ones(batch['image'].shape[1:], ...)`) and runs
# `variables = jax.jit(init_model, backend='cpu')()`: the jitted function is built and called
# once, in the same expression, and never again. Later the training loop rebinds `batch`
# (`for step, batch in zip(...)`). The notebook does the same at module level with
# `jax.jit(lambda: model.init(..., batch['image'][0, :1], ...), backend='cpu')()` and a later
# cell's loop over `batch`. No trace can see a stale value: there is no second call. The
# analysis treats a closure handed to `jax.jit` whose result is called at once like one
# whose jitted result may be called again after the rebinding (bound to a name first,
# `f = jax.jit(init_model); f()`, it is not reported). `backend='cpu'` (deprecated) is left
# out here: the report is the same without it.
# Checked under jax 0.10.2: `python closure_jitted_and_called_at_once.py` passes.
import jax
import jax.numpy as jnp


def train(batches):
    batch = batches[0]

    def init_model():
        return jnp.zeros(batch["image"].shape[1:]) + 1.0  # must not be reported (JXP101)

    variables = jax.jit(init_model)()
    total = jnp.zeros(())
    for step, batch in enumerate(batches):
        total = total + step * batch["image"].sum()
    return variables, total


batches = [{"image": jnp.ones((2, 3))}, {"image": jnp.full((2, 3), 2.0)}]
batch = batches[0]
v0 = jax.jit(lambda: jnp.zeros(batch["image"].shape[1:]) - 1.0)()  # must not be reported (JXP101)
for batch in batches:
    v0 = v0 + batch["image"][0]


if __name__ == "__main__":
    params, total = train(batches)
    assert params.shape == (3,)
    assert float(total) == 12.0
    assert jnp.array_equal(v0, jnp.array([2.0, 2.0, 2.0]))
    print("ok")
