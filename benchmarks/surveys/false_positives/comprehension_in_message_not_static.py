# Seen in octo-models/octo octo/model/octo_model.py:526, 533, 549 (JXP104).
# `_verify_shapes`, called under the jitted `run_transformer`, compares the input pytree's
# keys and shapes with an example batch and logs the extra or missing key paths
# (`{"/".join(x) for x in extra}`) and the mismatched shapes: all static under jit, and
# checking them once per trace is the point. The analysis does not know a comprehension
# over static values (dict keys, shapes, even a literal list) is static, so a message built
# from one is taken to show a tracer; the same keys logged as `sorted(tree.keys())` are not
# reported.
# Checked under jax 0.10.2: `python comprehension_in_message_not_static.py` passes.
import logging

import jax
import jax.numpy as jnp

EXAMPLE = {("obs", "image"): (2, 3), ("obs", "state"): (2,)}


def verify(flat):
    extra = set(flat) - set(EXAMPLE)
    if extra:
        logging.warning("extra items: %s", {"/".join(k) for k in extra})  # must not be reported
    logging.warning("expected: %s", ["/".join(k) for k in EXAMPLE])  # must not be reported


@jax.jit
def run(batch):
    verify(batch)
    return sum(jnp.sum(v) for v in batch.values())


if __name__ == "__main__":
    batch = {("obs", "image"): jnp.ones((2, 3)), ("task", "goal"): jnp.ones(4)}
    assert float(run(batch)) == 10.0
    print("ok")
