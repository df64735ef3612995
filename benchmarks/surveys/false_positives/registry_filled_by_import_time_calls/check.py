# Run from false_positives/: python -m registry_filled_by_import_time_calls.check (see registry.py).
import jax

from . import registry, room  # noqa: F401  (room registers at import)


@jax.jit
def first_obs(key):
    env = registry.make("Room-3")
    return env.reset(key)


assert first_obs(jax.random.PRNGKey(0)).shape == (3, 3)
