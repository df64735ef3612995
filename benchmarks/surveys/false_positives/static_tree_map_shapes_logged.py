# Seen in google/paxml paxml/trainer_lib.py:386, 403, 989 and 992 (4 JXP104), the sixteenth
# set's first run.
# `initialize_model_state` (traced inside the pjit-ed `init_model_from_seed`) logs
# `var_weight_hparams`, a tree of WeightHParams (shapes, dtypes, initialiser names) that
# `abstract_init_with_metadata` builds without arrays, and, after the init,
# `jax.tree.map(jnp.shape, initial_vars)`: a tree of shape tuples. Under pmap,
# `get_excluded_var_masks` calls `_log_bprop_include_exclude_list`, which logs the variable
# names (prefixed keys of the hparams tree, flattened) that a Python bool mask excludes from
# or includes in backprop. Every logged value is known at trace time: the lines say how the
# model is built and are meant once per trace, the case the rule exempts for `x.shape`.
# The analysis does not carry "static" through a tree of NamedTuple/dataclass specs built
# from Python values (`jax.tree.map(jnp.shape, tree)`, line 403, is taught since:
# fixtures/surveys/tree_map_of_shape_function_logged.py; the names of a tree's paths,
# `tree_map_with_path` + `keystr` and praxis's `extract_prefixed_keys_from_nested_map`,
# lines 989 and 992, since: fixtures/surveys/path_names_of_tree_logged.py). Left: a record
# class that is a pytree (a NamedTuple) is not a Python value even when given Python values
# for every field (module/records.py `plain_fields`; fixtures/surveys/
# tree_map_leaves_of_static_records/ keeps such a record reported by design), and in paxml
# the tree comes from praxis's `model.abstract_init_with_metadata(...)` on
# `jax_task.model`, a library method the analysis cannot resolve.
# Checked under jax 0.10.2: `python static_tree_map_shapes_logged.py` passes.
import logging
from typing import NamedTuple

import jax
import jax.numpy as jnp


class WeightSpec(NamedTuple):
    shape: tuple
    init: str


def weight_specs(widths):
    return {f"layer{i}": WeightSpec((a, b), "normal") for i, (a, b) in enumerate(zip(widths, widths[1:]))}


def _log_frozen(specs, frozen):
    is_spec = lambda s: isinstance(s, WeightSpec)
    names = jax.tree_util.tree_map_with_path(lambda p, _: jax.tree_util.keystr(p), specs, is_leaf=is_spec)
    flat_names = jax.tree_util.tree_flatten(names)[0]
    flat_mask = jax.tree_util.tree_flatten(frozen)[0]
    for name, is_frozen in zip(flat_names, flat_mask):
        if is_frozen:
            logging.info("frozen var: %s", name)  # must not be reported (JXP104)
    for name, is_frozen in zip(flat_names, flat_mask):
        if not is_frozen:
            logging.info("trained var: %s", name)  # must not be reported (JXP104)


class Learner:
    def __init__(self, frozen_prefixes):
        self.frozen_prefixes = frozen_prefixes

    def frozen(self, specs):
        return {name: name.startswith(self.frozen_prefixes) for name in specs}


def frozen_mask(specs, learner):
    frozen = learner.frozen(specs)
    _log_frozen(specs, frozen)
    return frozen


def initialize(widths, key):
    specs = weight_specs(widths)
    logging.info("weight specs: %s", specs)  # must not be reported (JXP104)
    keys = jax.random.split(key, len(specs))
    params = {name: jax.random.normal(k, spec.shape) for k, (name, spec) in zip(keys, specs.items())}
    return params


def train_step(widths, learner, params, x):
    frozen = frozen_mask(weight_specs(widths), learner)

    def loss(params):
        h = x
        for name in sorted(params):
            h = jnp.tanh(h @ params[name])
        return jnp.sum(h**2)

    grads = jax.grad(loss)(params)
    return {name: p if frozen[name] else p - 0.1 * grads[name] for name, p in params.items()}


if __name__ == "__main__":
    widths = (3, 4, 2)
    params = jax.jit(lambda key: initialize(widths, key))(jax.random.PRNGKey(0))
    assert params["layer0"].shape == (3, 4) and params["layer1"].shape == (4, 2)
    new = jax.jit(lambda p, x: train_step(widths, Learner(("layer0",)), p, x))(params, jnp.ones((5, 3)))
    assert jnp.array_equal(new["layer0"], params["layer0"])
    assert not jnp.array_equal(new["layer1"], params["layer1"])
    print("ok")
