# Seen in awslabs/fortuna tests/fortuna/test_trainer.py:767 (JXP302, tests).
# `test_grad_acc_no_clipping` builds `trainer = JittedMAPTrainer(predict_fn=None)` and runs
# `trainer.training_step(state=..., batch=batch, rng=rng, loss_fun=loss_fn, ...)` for three
# batches with one `rng`. Its `loss_fn(params, batch, **kwargs)` never reads `rng`, and
# nothing on the way draws from it: `JittedMAPTrainer(JittedMixin, MAPTrainer)` (in
# map_trainer.py) runs `JittedMixin.training_step` (in trainer.py), a jitted forwarder to
# `super().training_step(...)`, which by the MRO is `TrainerABC.training_step` (trainer.py);
# it hands `rng`, inside the lambda it differentiates, to `self.training_loss_step`, which
# for this class is `MAPTrainer.training_loss_step` (map_trainer.py), and that hands it on
# as `loss_fun(..., rng=rng)` to the test's function. The analysis counts the key as drawn
# by the imported method on every iteration.
# (The judgement's note names MultiDeviceMAPTrainer and a `fold_in(rng, state.step)`: that
# is the fit loop's `training_step_start`; the trainer at line 767 is the jitted one, and
# no fold_in is on its path.) Teaching it needs, across three modules: the forwarder (the
# same-module case is module/overrides.py), the method `self.training_loss_step` resolved
# by the instance's class, and a key only handed to a function parameter by an instance
# method (module/handed_keys.py exports module-level functions and class/static methods
# only), then the loss function the test passes judged as handed_keys judges one.
# Checked under jax 0.10.2: `python -m override_forwarding_to_super_across_modules.check`
# (run from false_positives/) passes.
