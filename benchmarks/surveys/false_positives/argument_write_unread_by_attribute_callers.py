# Seen in sokrypton/ColabDesign colabdesign/af/alphafold/model/model.py:67,
# colabdesign/af/alphafold/model/modules.py:164 and modules_multimer.py:195 (3 JXP502).
# ColabDesign's RunModel keeps two jitted functions in attributes: `self.apply_fn =
# jax.jit(hk.transform(_forward_fn).apply)`, whose AlphaFold module does `prev =
# batch.pop("prev")` on the features it is given, and `self.apply = jax.jit(apply)`, whose
# `apply(params, key, feat)` fills `feat["prev"]` with zeros when it is absent and reads it
# back (in a lax.scan body that sets `feat["prev"] = prev` before every call of apply_fn).
# Neither caller reads the entry after the call: the scan body writes it again before each
# call and the single pass and `runner.apply(...)` (af/model.py:195) never read
# `feat["prev"]`/`inputs["prev"]` afterwards. With or without jit no caller sees a
# difference. The analysis reports a write into an argument of a jitted function whose
# callers it does not follow through the attribute that holds it. (The taught
# fixtures/surveys/argument_write_no_caller_sees.py covers callers it sees.)
# Checked under jax 0.10.2: `python argument_write_unread_by_attribute_callers.py` passes.
import jax
import jax.numpy as jnp


def forward(params, batch):
    prev = batch.pop("prev")  # must not be reported (JXP502)
    out = jnp.tanh(params * batch["x"] + prev["pos"])
    return {"out": out, "prev": {"pos": out}}


class RunModel:
    def __init__(self, num_recycle):
        self.num_recycle = num_recycle
        self.apply_fn = jax.jit(forward)

        def apply(params, feat):
            if "prev" in feat:
                prev = feat["prev"]
            else:
                prev = {"pos": jnp.zeros_like(feat["x"])}
                feat["prev"] = prev  # must not be reported (JXP502)
            if self.num_recycle:
                def loop(prev, _):
                    feat["prev"] = prev
                    results = self.apply_fn(params, feat)
                    return jax.lax.stop_gradient(results["prev"]), results["out"]

                _, outs = jax.lax.scan(loop, prev, None, length=self.num_recycle + 1)
                return outs[-1]
            return self.apply_fn(params, feat)["out"]

        self.apply = jax.jit(apply)


def predict(runner, params, x):
    inputs = {"x": x}
    out = runner.apply(params, inputs)
    return out, sorted(inputs)


if __name__ == "__main__":
    out, keys = predict(RunModel(num_recycle=2), 0.5, jnp.ones(3))
    assert keys == ["x"]
    out1, _ = predict(RunModel(num_recycle=0), 0.5, jnp.ones(3))
    assert out.shape == out1.shape == (3,)
    print("ok")
