# Must not report (JXP202). Seen in patrick-kidger/equinox tests/test_misc.py:76 and :78
# (9336d820b2): an `.at[...].set(...)` whose result is discarded inside `pytest.raises`; the
# call is there to raise, so there is no result to keep. Checked: `python
# discarded_update_under_pytest_raises.py` under jax 0.10.2 (the update raises the TypeError).
import jax.numpy as jnp
import pytest


def test_set_with_wrong_shape_raises():
    x = jnp.zeros(3)
    with pytest.raises(TypeError):
        x.at[0].set("not a number")


if __name__ == "__main__":
    test_set_with_wrong_shape_raises()
