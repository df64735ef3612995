# Seen in FLAIROx/Kinetix experiments/plr.py:927-978, 1004-1006 (JXP501).
# `jax.lax.cond(should_log_videos, _get_videos, _get_dummy_videos, ...)`: `_get_videos`
# starts from `metrics = {"log_videos": True}` and then fills the other keys one by one,
# some by plain subscript assignments and some by tuple-unpacking targets
# (`metrics["dr_rollout"], metrics["dr_ep_len"] = _get_video(...)`); `_get_dummy_videos`
# returns a literal dict with the same keys, shapes and dtypes. Both branches return the
# same structure, so lax.cond traces and runs. The analysis takes the dict's structure from
# its literal and misses the keys added afterwards.
# Checked under jax 0.10.2: `python cond_branch_dict_filled_by_subscripts.py` passes.
import jax
import jax.numpy as jnp


def _summary(x):
    return x * 2.0, jnp.argmax(x)


def _real(x):
    metrics = {"logged": True}
    metrics["first"], metrics["first_arg"] = _summary(x)
    metrics["total"] = jnp.sum(x)
    return metrics


def _dummy(x):
    return {
        "logged": False,
        "first": jnp.zeros_like(x),
        "first_arg": jnp.zeros((), jnp.int32),
        "total": jnp.zeros((), x.dtype),
    }


@jax.jit
def log_step(flag, x):
    return jax.lax.cond(flag, _real, _dummy, x)


out = log_step(True, jnp.arange(3.0))
assert bool(out["logged"]) and float(out["total"]) == 3.0 and int(out["first_arg"]) == 2
out = log_step(False, jnp.arange(3.0))
assert not bool(out["logged"]) and float(out["total"]) == 0.0
print("ok")
