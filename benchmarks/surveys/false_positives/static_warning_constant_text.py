# Must not report (JXP104). Seen in google-deepmind/rlax rlax/_src/distributions.py:113 and :137
# (4c5d25b260): a deprecation warning with constant text in a factory that jitted code calls.
# The warning says nothing about traced values; warning once per trace is what a deprecation
# warning is for. Checked: `python static_warning_constant_text.py` under jax 0.10.2 (the jitted
# call warns once while tracing and returns the right value).
import warnings

import jax
import jax.numpy as jnp


def greedy():
    warnings.warn("greedy is deprecated; use Greedy", PendingDeprecationWarning, stacklevel=2)

    def probs(preferences):
        return jax.nn.one_hot(jnp.argmax(preferences), preferences.shape[-1])

    return probs


@jax.jit
def act(preferences):
    return greedy()(preferences)


if __name__ == "__main__":
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert (act(jnp.array([0.1, 0.9])) == jnp.array([0.0, 1.0])).all()
        act(jnp.array([0.3, 0.2]))
    assert len(caught) == 1  # once, while tracing: the intent of a deprecation warning
