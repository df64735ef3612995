"""PRNG keys by name: which jax.random calls make keys, which calls draw from a key and
which only look at it, and the names that mean "a key". Imports nothing from jaxpure
but its sibling tables.
"""

from __future__ import annotations

import re

from jaxpure.analysis.catalog.side_effects import LOG_METHODS, LOGGER_NAMES
from jaxpure.analysis.catalog.transforms import LAX_CONSUMERS

# jax.random functions that make a new key (their result is a key or an array of keys)
KEY_PRODUCERS = frozenset(
    {"jax.random.key", "jax.random.PRNGKey", "jax.random.split", "jax.random.fold_in",
     "jax.random.clone", "jax.random.wrap_key_data"}
)
# methods that draw a batch of inputs from a key, as jax.random.normal does (netket's
# Hilbert spaces: `hi.random_state(key, n)`)
INPUT_SAMPLERS = frozenset({"random_state"})
# jax.random functions whose first argument is not a key (a seed, or a key's raw data)
SEED_TAKERS = frozenset({"jax.random.key", "jax.random.PRNGKey", "jax.random.wrap_key_data"})
# calls that read a key without consuming its randomness
NON_CONSUMING = frozenset(
    {"jax.random.fold_in", "jax.random.key_data", "jax.random.wrap_key_data",
     "jax.random.clone", "jax.random.key_impl", "jax.random.key", "jax.random.PRNGKey",
     "jax.device_put", "jax.device_get", "jax.block_until_ready", "jax.lax.stop_gradient",
     "jax.numpy.asarray", "jax.numpy.array", "jax.numpy.stack", "jax.numpy.concatenate",
     "jax.numpy.shape", "jax.typeof", "jax.eval_shape", "equinox.filter_eval_shape",
     # binding a key into a sampler draws nothing yet (its calls do: flow.sampler_key)
     "functools.partial",
     # writing a key (or a record holding one) to disk or bytes, or reading a checkpoint
     # into a template's structure, draws nothing from it
     "flax.training.checkpoints.save_checkpoint",
     "flax.training.checkpoints.save_checkpoint_multiprocess",
     "flax.training.checkpoints.restore_checkpoint", "flax.serialization.to_bytes",
     "flax.serialization.to_state_dict", "flax.serialization.msgpack_serialize",
     "pickle.dump", "pickle.dumps",
     # legacy flax.nn's key scope: `with nn.stochastic(rng):` lets `nn.make_rng()` hand out
     # fold_in(rng, 1), fold_in(rng, 2)...; it draws nothing itself, and the init run inside
     # it (`init_by_shape(rng, ...)`) folds each parameter's name into the key
     "flax.nn.stochastic", "flax.deprecated.nn.stochastic"}
)
NON_CONSUMING_PREFIXES = ("builtins.", "jax.debug.", "jax.tree", "jax.numpy.", "typing.",
                          "jax.dtypes.", "jax.core.", "logging.", "numpy.", "jax.sharding.",
                          "chex.assert", "jax.experimental.io_callback")


def draws_values(qualname: str | None) -> bool:
    """A ``jax.random`` function that draws numbers (``normal``, ``bernoulli``), not keys."""
    return qualname is not None and qualname.startswith("jax.random.") and \
        qualname not in KEY_PRODUCERS and qualname not in NON_CONSUMING


# methods of jitted functions and keys that look at a key without drawing from it
# (`initialize_carry`: a Flax cell's carry is zeros unless built with a random `carry_init`)
NON_CONSUMING_METHODS = frozenset({"lower", "trace", "eval_shape", "block_until_ready",
                                   "initialize_carry"})
# helpers named like jax.random's non-consuming functions (`test_utils.clone(key)`)
NON_CONSUMING_NAMES = frozenset({"clone", "key_data", "wrap_key_data", "fold_in"})
# attributes that describe a key without drawing from it (`key.shape == ()`)
DESCRIPTIVE_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})
# helpers named as predicates or checks (`is_prng_key(key)`, `check_key(key)`) answer a
# question about the key; they do not draw from it
PREDICATE_NAME = re.compile(r"^_*(?:is|has|check|validate)_")
# keyword arguments that hand a model its keys (`rngs={"dropout": key}`), and those that
# switch its randomness off, with the value that does (`train=False`, `deterministic=True`)
RNG_KEYWORDS = frozenset({"rng", "rngs", "key", "prng_key", "rng_key", "dropout_rng",
                          "dropout_key"})
RANDOMNESS_OFF = {"train": "False", "training": "False", "is_training": "False",
                  "deterministic": "True", "randomized": "False", "stochastic": "False"}
# rng streams of a Flax `rngs` dict that no Flax layer draws a key from: "batch_stats" names
# the collection BatchNorm keeps its running statistics in, made from zeros and ones (sbx's
# `init({"params": k1, "batch_stats": bn_key}, x)` for two networks draws nothing from bn_key)
UNDRAWN_STREAMS = frozenset({"batch_stats"})

KEY_NAME = re.compile(
    r"^(?:[a-z0-9_]*_)?(?:key|rng|prng|prng_key|rng_key|subkey|sub_key|dropout_rng|keys?)"
    r"(?:_?\d+|_[a-z0-9_]+)?$|^(?:k|sk|rk|subk|kk)\d*$"
)


# names that mean a PRNG key even before the function hands them to jax.random
UNAMBIGUOUS_KEY_NAME = re.compile(r"(?:^|_)(?:rng|prng|subkey|rng_key|prng_key)\d*$")


# PEP 8 spells a module-level constant in capitals: a key bound to `PRIOR_RNG` is a fixed key
# by declaration, passed again on purpose (the same prior draws for several models)
CONSTANT_NAME = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


def key_like_name(name: str) -> bool:
    return bool(KEY_NAME.match(name)) and name not in ("keys",)


def unambiguous_key_name(name: str) -> bool:
    """``rng``, ``dropout_rng``, ``prng_key``: unlike ``key``, never a dict key."""
    return bool(UNAMBIGUOUS_KEY_NAME.search(name))


def consumes(qualname: str | None) -> bool:
    """Whether passing a key to a call with this qualified name uses up its randomness."""
    if qualname is None:
        return True  # a method or an unresolved helper: passing a key is one use
    if qualname in NON_CONSUMING:
        return False
    if qualname.startswith("jax.random.") or qualname in LAX_CONSUMERS:
        return True
    if qualname.startswith("jax.lax."):
        return False
    return not qualname.startswith(NON_CONSUMING_PREFIXES)


def is_assertion(callee: str) -> bool:
    """``self.assertEqual``, ``np.testing.assert_allclose``, ``chex.assert_trees_all_close``,
    ``self.assert_keys_equal``, and the bare name passed to ``jax.tree.map(assert_close, ...)``."""
    return callee.rsplit(".", 1)[-1].lower().startswith("assert")


# nnx's `rngs` is a stream handing out a new key on each use, whatever its annotation says
# (easydel annotates it `PRNGKeyArray`): passing it to several layers is the nnx idiom
KEY_STREAM_NAMES = frozenset({"rngs"})
# a logger object, or absl's `logging` module when its import is not resolved
LOG_RECEIVERS = LOGGER_NAMES | {"logging", "absl_logging"}


def is_log_call(callee: str) -> bool:
    """``logger.info(...)``, absl's ``logging.info(...)``: formats the key, draws nothing."""
    receiver, _, method = callee.rpartition(".")
    return method in LOG_METHODS and receiver.rsplit(".", 1)[-1] in LOG_RECEIVERS


def predicate_name(callee: str | None) -> bool:
    return callee is not None and bool(PREDICATE_NAME.match(callee.rsplit(".", 1)[-1]))


# draws that reorder or pick from what they are given: one key for several arrays keeps
# them aligned (shuffling obs and actions alike), which is why it is shared
ALIGNING_DRAWS = frozenset({"jax.random.permutation", "jax.random.shuffle",
                            "jax.random.permuted"})
