"""The recording state, declared in its own module as fdtdx does."""
import jax
import pytreeclass as tc


@tc.autoinit
class RecordingState(tc.TreeClass):
    #: field name -> recorded values, one row per time step
    data: dict[str, jax.Array]
