"""Value kinds as the walk sees them at a point (through the harness)."""

from __future__ import annotations

from harness import kind_at

from jaxpure.analysis import lattice as V
from jaxpure.analysis.module.summary import Seed

JIT = """\
import jax
import numpy as np

@jax.jit
def f(x):
    y = x + 1
    n = len(x.shape)
    c = np.zeros(3)
    if isinstance(x, int):
        w = x
    return y, n, c
"""


def test_arithmetic_on_a_traced_parameter_is_a_traced_array():
    assert kind_at(JIT, "y", 1) == V.TRACED_ARRAY


def test_the_shape_of_a_traced_value_is_static():
    assert kind_at(JIT, "n", 1) == V.STATIC


def test_a_numpy_constant_is_numpy():
    assert kind_at(JIT, "c", 1) == V.NUMPY


def test_isinstance_narrows_the_true_branch_to_a_python_value():
    assert kind_at(JIT, "x", 4) == V.STATIC


def test_the_same_name_outside_a_transform_is_not_traced():
    assert not V.is_traced(kind_at(JIT.replace("@jax.jit\n", ""), "y", 1))


# a helper's locals, followed for a call with static arguments (flow/returned_kind.py)
HELPERS = """\
import jax
import jax.numpy as jnp
import numpy as np

def fold_factors(batch, shape):
    folds = np.zeros((len(shape),), np.int32)
    for i in range(int(np.log2(batch))):
        folds[i % len(shape)] += 1
    factors = 2 ** folds
    return factors

def sizes(shape):
    found = []
    for n in shape:
        found += [n // 2]
    return found

def offsets(n):
    out = np.zeros(n)
    out[0] = jnp.sum(jnp.arange(n))
    return out

def padded(shape, pad=None):
    if pad is None:
        pad = shape[0]
    return pad

def grown(shape):
    sizes = list(shape)

    def grow(v):
        sizes.append(v)

    grow(jnp.ones(3))
    return sizes

@jax.jit
def f(x, y):
    g = grown(x.shape)
    a = fold_factors(8, x.shape)
    b = sizes(x.shape)
    c = offsets(x.shape[0])
    d = padded(x.shape)
    e = padded(x.shape, y)
    return a, b, c, d, e, g
"""


def test_a_helper_returning_numpy_it_computed_from_static_arguments_gives_a_static_value():
    assert kind_at(HELPERS, "a", 1) == V.STATIC


def test_a_list_a_helper_extends_with_static_values_is_static():
    assert kind_at(HELPERS, "b", 1) == V.STATIC


def test_a_local_a_helper_stores_a_jnp_result_into_is_not_static():
    assert kind_at(HELPERS, "c", 1) == V.UNKNOWN


def test_a_local_a_nested_function_names_is_not_followed():
    assert kind_at(HELPERS, "g", 1) == V.UNKNOWN


def test_a_rebound_parameter_joins_what_the_call_passes():
    assert kind_at(HELPERS, "d", 1) == V.STATIC
    assert kind_at(HELPERS, "e", 1) != V.STATIC


# instances of classes whose constructor keeps static facts only (module/instances.py)
INSTANCES = """\
import warnings
import jax
import jax.numpy as jnp

class BaseWarning(UserWarning):
    def __init__(self, message):
        super().__init__(message.strip())

class TypeNamed(BaseWarning):
    def __init__(self, space, constraint=None):
        shape = constraint.shape if constraint is not None else ()
        super().__init__(f"{type(space).__name__} {type(constraint).__name__} {shape}")

class Inherited(TypeNamed):
    pass

class Formatted(UserWarning):
    def __init__(self, value):
        super().__init__(f"got {value}")

class Kept:
    def __init__(self, value):
        self.value = value

class Staged:
    def __init__(self, value):
        self.scale = jnp.ones(value.shape)

@jax.jit
def f(x):
    a = TypeNamed(x, x)
    b = Inherited(x)
    c = Formatted(x)
    d = Kept(x)
    e = Staged(x)
    return a, b, c, d, e
"""


def test_a_class_whose_constructor_reads_only_types_and_shapes_builds_a_static_value():
    assert kind_at(INSTANCES, "a", 1) == V.STATIC
    assert kind_at(INSTANCES, "b", 1) == V.STATIC


def test_a_constructor_that_formats_keeps_or_stages_its_argument_builds_no_static_value():
    for name in ("c", "d", "e"):
        assert kind_at(INSTANCES, name, 1) != V.STATIC, name


# a library's pytree of JAX arrays (catalog/arrays.py ARRAY_TREE_FUNCTIONS)
MJX = """\
import jax
from mujoco import mjx

def eager(m, mj_model, d):
    data = mjx.make_data(m)
    data = data.replace(time=0.0)
    v = data.qvel
    host = mjx.get_data(mj_model, d)
    return v, host

@jax.jit
def traced(m):
    data = mjx.forward(m, mjx.make_data(m))
    return data
"""


def test_an_mjx_data_made_eagerly_is_a_tree_of_jax_arrays_and_its_fields_arrays():
    assert kind_at(MJX, "data", 3) == V.ARRAY_TREE  # after `.replace(...)`
    assert kind_at(MJX, "v", 1) == V.ARRAY


def test_mjx_results_under_jit_are_traced_and_host_copies_are_not_arrays():
    assert kind_at(MJX, "data", 5) == V.TRACED
    assert kind_at(MJX, "host", 1) == V.UNKNOWN


# a linen module's variables under `apply` (flow/infer.py)
LINEN = """\
import flax.linen as nn
import jax

class Lm(nn.Module):
    def state(self, name):
        return self.get_variable("cache", name)

    def __call__(self, x):
        w = self.param("w", nn.initializers.zeros, (3,))
        step = self.state("step")
        n = w.shape[0]
        return w, step, n

class Plain:
    @jax.jit
    def run(self, x):
        w = self.param("w")
        return w + x

y = jax.jit(Lm().apply)({}, 1.0)
"""


def test_a_linen_modules_variables_are_traced_under_apply_also_through_a_helper():
    assert kind_at(LINEN, "w", 1) == V.TRACED
    assert kind_at(LINEN, "step", 1) == V.TRACED
    assert kind_at(LINEN, "n", 1) == V.STATIC


def test_a_plain_class_method_named_param_is_not_a_variable_read():
    assert kind_at(LINEN, "x", 2) == V.TRACED  # `Plain.run` is traced
    assert kind_at(LINEN, "w", 4) == V.UNKNOWN


LABELLED = """\
import jax
import xarray as xr

@jax.jit
def f(dataset, x):
    names = set(dataset)
    values = set(x + 1)
    size = dataset.sizes["lat"]
    data = dataset.data
    return names, values, size, data
"""


def test_a_set_of_a_traced_pytree_holds_its_static_structure():
    assert kind_at(LABELLED, "names", 1) == V.STATIC
    assert kind_at(LABELLED, "values", 1) == V.TRACED_CONTAINER


def test_xarray_labels_are_static_and_its_data_traced():
    assert kind_at(LABELLED, "size", 1) == V.STATIC
    assert V.is_traced(kind_at(LABELLED, "data", 2))




PASSED_THROUGH = """\
import jax

class Sim:
    def batch(self, xs, setup):
        return jax.vmap(self.run, in_axes=(0, None))(xs, setup)

    def run(self, x, setup):
        return x * setup.rate

class Jitted(Sim):
    def run(self, x, setup):
        return x * setup.rate

jitted = Jitted()
alone = jax.jit(jitted.run)
"""

# a loss of another module calling `sim.run(x, setup)` on a `Sim` parameter under a jit
# (summary.py's override seeds): it says nothing of the arguments
SEEDS = [Seed("Sim.run", "jax.jit", "jax.jit", "jax.jit", "`loss` in pkg/train.py:3", (), ())]


def test_a_parameter_its_own_vmap_passes_through_is_what_the_callers_give():
    # no traced call of the module passes `setup`, the jit reaching `run` is elsewhere
    assert kind_at(PASSED_THROUGH, "setup.rate", 0, seeds=SEEDS) == V.UNKNOWN
    # a jit of the function itself traces it, whatever the vmap does
    assert kind_at(PASSED_THROUGH, "setup.rate", 1, seeds=SEEDS) == V.TRACED
    # given to a jit of the module as an argument: traced through the vmap
    given = PASSED_THROUGH + "sim = Sim()\nbatched = jax.jit(sim.batch)\n"
    assert kind_at(given, "setup.rate", 0, seeds=SEEDS) == V.TRACED
