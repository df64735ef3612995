from rt import *
import warnings
n = "b104_warn_traced_value_message"; m, _, _ = load(n)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for s in [1.0, 2.0, 3.0]:
        m.clip_grads({"a": jnp.full(2, s), "b": jnp.full(2, s)}, 1.0)
msgs = [str(x.message) for x in w]
verdict(n, len(msgs) != 3 or any("Trace" in s for s in msgs), f"{len(msgs)} warnings for 3 calls: {msgs[:1]}")
