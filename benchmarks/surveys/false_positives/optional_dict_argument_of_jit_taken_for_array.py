# Seen in NX-AI/xlstm-jax xlstm_jax/trainer/metrics.py:156 (JXP201).
# The trainer's evaluation and train steps are jitted with `metrics: ImmutableMetrics | None`
# (a FrozenDict of per-metric dicts, None on the first step) and hand it to
# `update_metrics(metrics, step_metrics)`, which starts from `{}` when it is None and adds
# each metric with `global_metrics[key] = {mode: {"value": ..., "count": 0} ...}` when the
# key is new. Under jit the argument is still a dict (a pytree whose leaves are traced); the
# item assignment is a dict store, not item assignment on a JAX array. The jitted step is
# returned to the trainer, so no call is in view, and the analysis takes the jit's argument
# for an array although it is tested against None, searched with `key not in` and indexed
# with strings.
# Checked under jax 0.10.2: `python optional_dict_argument_of_jit_taken_for_array.py` passes.
import jax
import jax.numpy as jnp


def update_metrics(global_metrics, step_metrics, log_modes=("mean",)):
    if global_metrics is None:
        global_metrics = {}
    for key in step_metrics:
        _update_single_metric(global_metrics, key, step_metrics[key], log_modes)
    return global_metrics


def _update_single_metric(global_metrics, key, value, log_modes):
    if key not in global_metrics:
        global_metrics[key] = {mode: {"value": jnp.zeros_like(value), "count": 0} for mode in log_modes}  # must not be reported (JXP201)
    for mode in log_modes:
        global_metrics[key][mode]["value"] += value
        global_metrics[key][mode]["count"] += 1


def make_eval_step():
    def eval_step(params, batch, metrics):
        step_metrics = {"loss": jnp.mean((batch - params) ** 2)}
        return update_metrics(metrics, step_metrics)

    return jax.jit(eval_step)


if __name__ == "__main__":
    eval_step = make_eval_step()
    metrics = eval_step(jnp.ones(2), jnp.zeros(2), None)
    metrics = eval_step(jnp.ones(2), jnp.zeros(2), metrics)
    assert int(metrics["loss"]["mean"]["count"]) == 2
    assert float(metrics["loss"]["mean"]["value"]) == 2.0
    print("ok")
