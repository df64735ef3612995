# Seen in google-deepmind/recurrentgemma recurrentgemma/jax/scan.py:407, 424, 442 (JXP104).
# `linear_scan` (reached under jit from the RG-LRU layer) resolves its option with
# `scan_type = resolve_scan_type(scan_type)` and logs it:
# `logging.info("Running RNN scan on a single shard in mode %s.", scan_type)`. The option is a
# `common.ScanType` enum field of the linen module, and the helper returns either that value
# or an enum member (`return common.ScanType.LINEAR_NATIVE`), so the log shows a Python enum,
# once per trace, on purpose: it records which scan was built. The analysis knows the field
# static, and knows `ScanType.NATIVE` static when written in the traced function, but not the
# return of a helper that yields an enum member, so the value shown is taken for a tracer.
# (Without the helper, logging the field itself, nothing is reported; a minimal copy that
# logs a constant or the field does not show it.)
# Checked under jax 0.10.2: `python enum_member_returned_by_helper.py` passes.
import enum
import logging

import jax
import jax.numpy as jnp


class ScanType(enum.Enum):
    AUTO = enum.auto()
    NATIVE = enum.auto()
    ASSOCIATIVE = enum.auto()


def resolve_scan_type(scan_type: ScanType) -> ScanType:
    if scan_type == ScanType.AUTO:
        return ScanType.NATIVE
    return scan_type


@jax.jit
def linear_scan(a, x):
    scan_type = resolve_scan_type(ScanType.AUTO)
    logging.info("Running the scan in mode %s.", scan_type)
    if scan_type == ScanType.NATIVE:
        return jax.lax.scan(lambda h, ax: (ax[0] * h + ax[1],) * 2, jnp.zeros(()), (a, x))[1]
    return jax.lax.associative_scan(lambda l, r: (l[0] * r[0], r[0] * l[1] + r[1]), (a, x))[1]


class Capture(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        if record.getMessage().startswith("Running"):
            self.messages.append(record.getMessage())


if __name__ == "__main__":
    capture = Capture()
    logging.getLogger().addHandler(capture)
    logging.getLogger().setLevel(logging.INFO)
    out = linear_scan(jnp.full(4, 0.5), jnp.ones(4))
    linear_scan(jnp.full(4, 0.5), jnp.ones(4))
    assert jnp.allclose(out, jnp.array([1.0, 1.5, 1.75, 1.875]))
    # the message shows the resolved mode, a Python enum, once per trace: how the scan was built
    assert capture.messages == ["Running the scan in mode ScanType.NATIVE."], capture.messages
    print("ok")
