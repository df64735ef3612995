# Seen in google-research/perch chirp/train/hubert.py:979 (1 JXP302).
# The evaluation loop starts each iteration with `mask_key = None` and, only `if
# mask_at_eval:`, does `mask_key, key = random.split(key)` then `mask_key =
# random.split(mask_key, num=jax.local_device_count())` (one key per device) before calling
# the pmapped `get_metrics(batch, ..., mask_key)`. Each iteration's mask key is either None
# or split fresh from the carried `key`, which is advanced by the same split: no key is
# drawn from twice. Without the `None` path, or without the per-device re-split, the loop is
# not reported; with both, the analysis takes the `mask_key` given to the call as one key
# consumed in every iteration.
# Checked under jax 0.10.2: `python key_reset_to_none_each_iteration.py` passes.
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def get_metrics(batch, mask_keys):
    if mask_keys is None:
        return batch.sum()
    return batch.sum() + jax.vmap(lambda k: random.uniform(k))(mask_keys).sum()


def evaluate(key, batches, mask_at_eval: bool):
    out = []
    for batch in batches:
        mask_key = None
        if mask_at_eval:
            mask_key, key = random.split(key)
            mask_key = random.split(mask_key, num=2)
        out.append(get_metrics(batch, mask_key))  # must not be reported (JXP302)
    return out


if __name__ == "__main__":
    masked = evaluate(random.PRNGKey(0), [jnp.zeros(2)] * 4, True)
    assert len({float(m) for m in masked}) == 4  # a fresh mask key in every iteration
    plain = evaluate(random.PRNGKey(0), [jnp.zeros(2)] * 4, False)
    assert all(float(p) == 0.0 for p in plain)
    print("ok")
