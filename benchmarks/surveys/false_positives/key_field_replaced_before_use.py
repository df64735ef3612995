# Seen: kvfrans/jax-flow @44da21ae train_flow.py:338 (JXP301)
#   model = FlowTrainer(rng, model_ts, model_ts_eps, FLAGS.model)            # line 324
#   ...
#   model = model.replace(rng=jax.random.split(rng, len(jax.local_devices())))  # line 338
# What the code does: builds a flax.struct dataclass whose `rng` field is filled with `rng`,
#   then (before any method draws from the field) replaces that field with per-device keys
#   split from `rng`.
# Why the finding is wrong: the key stored by the constructor is never drawn from: it is
#   overwritten by `replace(rng=...)` on the next use of the object. `rng` is split exactly
#   once, so no numbers are repeated.
# What the analysis misses: storing a key in a struct field is not a draw; the stored copy is
#   dead once the field is replaced before any use.
# Left untaught (lead, eighteenth set): a one-off so far; it needs the field a constructor
# stores a key in to be tracked through `replace(rng=...)` before any method reads it.
import flax.struct
import jax


@flax.struct.dataclass
class Trainer:
    rng: jax.Array
    step: int

    def draw(self):
        rng, sub = jax.random.split(self.rng)
        return self.replace(rng=rng), jax.random.normal(sub, (2,))


rng = jax.random.PRNGKey(0)
trainer = Trainer(rng, 0)
trainer = trainer.replace(rng=jax.random.split(rng, 2))
print(trainer.rng.shape, trainer.replace(rng=trainer.rng[0]).draw()[1])
