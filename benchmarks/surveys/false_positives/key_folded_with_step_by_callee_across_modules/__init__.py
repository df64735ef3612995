# Seen in google/paxml paxml/tasks_lib_test.py:332 and 422 and
# paxml/docs/tutorials/pax101_e2e_tutorial.ipynb:33 (3 JXP302, tests and examples), the
# sixteenth set's first run.
# The tests pmap `train_step(states, prng_key, inputs)`, which calls
# `trainer_lib.train_step_single_learner(jax_task, states, prng_key, inputs)`, and run it in
# a loop with the same per-device keys, rebinding the returned states each time. The train
# step (in trainer_lib.py, another module) begins with `prng_key =
# jax.random.fold_in(prng_key, states.step)`, and the step count of the returned state grows
# by one each call: each iteration draws from a different key. The same loop with the step
# function in one module is not reported; with it imported from another module the analysis
# does not see that the callee folds the state's step into the key, and counts the key as
# consumed on every iteration.
# Checked under jax 0.10.2: `python -m key_folded_with_step_by_callee_across_modules.check`
# (run from false_positives/) passes.
