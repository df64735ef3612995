# Seen in tumaer/jax-sph notebooks/iclr24_sitl.py:338 (JXP101, an example).
# `train_or_infer(cfg)` defines the model function, a closure that reads the model's
# options (`cfg.model.latent_dim`, `cfg.model.num_mp_steps`, ...), hands it to
# `hk.transform_with_state`, and later writes other entries of the same configuration
# (`cfg.logging.run_name = ...`, `cfg.eval.rollout_dir = ...`) for the logger and the
# rollout writer. The traced function never reads `cfg.logging` or `cfg.eval`, so what
# the trace keeps of `cfg` is not made stale by the writes. The analysis takes any write
# below `cfg` for a change of what the closure reads.
# Checked under jax 0.10.2: `python nested_config_write_unread_by_closure.py` passes.
import types

import jax
import jax.numpy as jnp


def train_or_infer(cfg):
    def model(x):
        return jnp.tanh(x * cfg.model.scale) * cfg.model.width

    step = jax.jit(model)
    first = step(jnp.ones(2))
    cfg.logging.run_name = "sitl_" + str(cfg.model.width)
    cfg.eval.rollout_dir = "/tmp/rollouts"
    second = step(jnp.ones(2))
    return first, second, model(jnp.ones(2))


if __name__ == "__main__":
    cfg = types.SimpleNamespace(
        model=types.SimpleNamespace(scale=0.5, width=3.0),
        logging=types.SimpleNamespace(run_name=""),
        eval=types.SimpleNamespace(rollout_dir=""),
    )
    first, second, eager = train_or_infer(cfg)
    assert jnp.allclose(first, second) and jnp.allclose(second, eager)
    assert cfg.logging.run_name == "sitl_3.0"
    print("ok")
