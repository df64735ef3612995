# Seen in ymahlau/fdtdx src/fdtdx/interfaces/recorder.py:110 (JXP201; the class in
# src/fdtdx/interfaces/state.py:9).
# `Recorder.compress(self, values, state: RecordingState, ...)` updates the recording in a
# lax.cond branch: `for k in state.data.keys(): ... state.data[k] =
# state.data[k].at[latent_idx].set(values[k])`. RecordingState, a pytreeclass TreeClass in
# another module, declares `data: dict[str, jax.Array]`: the write is a dict item
# assignment (of a new array made with .at[].set), which works under any transform. In one
# module the analysis reads the annotation and does not report it; with the class imported
# from another module it takes `state.data` for a JAX array and the item write for an array
# assignment that raises TypeError.
# Needs pytreeclass (fdtdx's dependency). Checked under jax 0.10.2, pytreeclass 0.11.1:
# `python -m dict_annotated_field_across_modules.check` (run from false_positives/) passes.
