# Seen in ymahlau/fdtdx src/fdtdx/fdtd/fdtd.py:36, :115, :155, :164, src/fdtdx/core/progress.py:24,
# :28, :31, :214 and src/fdtdx/core/physics/curl.py:75-76 (13 JXP401/402/403).
# fdtdx's SimulationConfig, GradientConfig and simulation objects are pytreeclass
# `TreeClass`es whose options are declared with fdtdx's `frozen_field` /
# `frozen_private_field`: `tc.field(on_setattr=[tc.freeze], on_getattr=[tc.unfreeze])`. A
# frozen value is wrapped in pytreeclass's frozen wrapper, a pytree with no leaves, so when
# the object crosses jax.jit the option stays a Python value and reads back unwrapped:
# `range(num_slices)`, `if num_ckpt > 0 and num_slices > config.time_steps_total`, the
# progress bar's `math.log10(total_steps / target_updates)` and the slice bounds of
# `detector.grid_slice_tuple` are all on Python ints. The analysis does not know that a
# field frozen by `tc.freeze` is static, and takes every option for a traced leaf.
# Needs pytreeclass (fdtdx's dependency). Checked under jax 0.10.2, pytreeclass 0.11.1:
# `python pytreeclass_frozen_field.py` passes.
import math

import jax
import jax.numpy as jnp
import pytreeclass as tc


def frozen_field(**kwargs):
    return tc.field(on_setattr=[tc.freeze], on_getattr=[tc.unfreeze], **kwargs)


@tc.autoinit
class Config(tc.TreeClass):
    time_steps_total: int = frozen_field()
    num_checkpoints: int = frozen_field(default=0)
    region: tuple = frozen_field(default=(1, 3))


def update_interval(total_steps, target_updates=20):
    if total_steps <= target_updates:  # must not be reported (JXP401)
        return 1
    raw = total_steps / target_updates
    return int(10 ** math.floor(math.log10(raw)))  # must not be reported (JXP403)


@jax.jit
def run(fields, config):
    num_slices = config.num_checkpoints + 1
    if num_slices > config.time_steps_total:  # must not be reported (JXP401)
        raise ValueError("too many checkpoints")
    start, stop = config.region
    fields = fields.at[start:stop].multiply(2.0)  # must not be reported (JXP402, twice)
    for _ in range(num_slices):  # must not be reported (JXP402)
        fields = fields + update_interval(config.time_steps_total)
    return fields


if __name__ == "__main__":
    config = Config(time_steps_total=400, num_checkpoints=1)
    assert jax.tree_util.tree_leaves(config) == []  # every frozen option is static
    out = run(jnp.zeros(4), config)
    assert out.tolist() == [20.0, 20.0, 20.0, 20.0], out
    print("ok")
