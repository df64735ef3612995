# Seen in neuralgcm/neuralgcm neuralgcm/legacy/stochastic.py:684 (JXP104).
# `BatchGaussianRandomFieldModule.__init__` (a haiku module, built inside the user's jitted
# transform) takes its correlation times, lengths and variances from a gin configuration
# (sequences of unit strings), keeps a subset of them when `field_subset` is given,
# `get_subset = lambda seq: [seq[i] for i in field_subset]`, and logs them once:
# `logging.info(f'... {initial_correlation_times=}, ... {variances=}')`. Every value in the
# message is a static option, so logging it once per trace is what the log is for. The
# analysis loses track of the options' staticness once they pass through the lambda's
# comprehension, and reports the log as if it printed tracers. (The same log without the
# subset step is not reported.) Written here with static_argnames; NeuralGCM's options are
# static because they are constructor arguments from gin.
# Checked under jax 0.10.2: `python static_options_subset_by_lambda_in_message.py` passes.
import functools
import logging

import jax
import jax.numpy as jnp


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@functools.partial(jax.jit, static_argnames=("times", "field_subset"))
def fields(x, times=("1", "2", "3"), field_subset=None):
    if field_subset is not None:
        get_subset = lambda seq: [seq[i] for i in field_subset]
        times = get_subset(times)
    logging.info(f"Initializing fields with {times=}")  # must not be reported (JXP104)
    return x * jnp.array([float(t) for t in times])


if __name__ == "__main__":
    collect = Collect()
    logging.getLogger().addHandler(collect)
    logging.getLogger().setLevel(logging.INFO)
    assert jnp.allclose(fields(jnp.ones(2), field_subset=(0, 2)), jnp.array([1.0, 3.0]))
    # the message shows the options, not tracers
    assert [m for m in collect.messages if m.startswith("Init")] == [
        "Initializing fields with times=['1', '3']"
    ]
    print("ok")
