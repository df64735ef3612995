"""Inputs for a target that has no hand-written example (worker side).

Tried in order, the first that gives inputs wins:

1. **call sites**: the project calls the function with values the verifier can rebuild
   (``callsites.py`` found them in the parent; their texts are evaluated here over jax and numpy
   alone);
2. **a pytest test's parametrize cases**: ``@pytest.mark.parametrize("depth", [0, 1])`` on the
   target itself gives its first cases, as pytest would call it;
3. **test setup** (only with ``--from-tests``, since it runs the tests' code): a test function
   that calls the target runs until that call, which is intercepted and its arguments kept;
4. **types and shapes**: hypothesis draws from the annotations (``strategies.py``).

Arguments that are not arrays (strings, callables, other hashable objects) are made static for a
function that has no jit wrapper of its own, as a caller jitting it would have to.
"""

from __future__ import annotations

import inspect
import unittest
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

import jax
import numpy as np

from jaxpure.verify.errors import display_path
from jaxpure.verify.inputs import MissingInput
from jaxpure.verify.options import EXAMPLES_FILE, Example
from jaxpure.verify.targets import TargetError, load_module
from jaxpure.verify.trees import same_structure

SAFE_BUILTINS = {"tuple": tuple, "list": list, "dict": dict, "float": float, "int": int, "bool": bool,
                 "range": range, "len": len, "True": True, "False": False, "None": None}


@dataclass
class Inputs:
    examples: list[Example]
    source: str  # for the report: "call site pkg/use.py:10", "types (hypothesis, 3 draws)", ...
    strategy: Any = None  # the hypothesis strategy, when the inputs were drawn


def automatic_inputs(fn: Callable[..., Any], qualname: str, usage: dict[str, Any], from_tests: bool,
                     draws: int = 3) -> Inputs | MissingInput:
    """Inputs from call sites, test setup (opt-in) or types, or what would let it run."""
    from_calls = _from_call_sites(usage)
    if from_calls is not None:
        return from_calls
    parametrized = _from_parametrize(fn)
    if parametrized is not None:
        return parametrized
    tests = [tuple(t) for t in usage.get("tests", ())]
    if from_tests and tests:
        captured = _from_tests(fn, tests)
        if captured is not None:
            return captured
    from jaxpure.verify.strategies import draw, examples_strategy

    strategy = examples_strategy(fn)
    if isinstance(strategy, MissingInput):
        hint = (" or run with --from-tests (tests call it)" if tests and not from_tests else "")
        return MissingInput(strategy.parameter, f"{strategy.reason}; add an example "
                            f"`EXAMPLES = {{\"{qualname}\": lambda: (...)}}` to {EXAMPLES_FILE} beside it{hint}",
                            complete=True)
    drawn = draw(strategy, draws)
    if not drawn:
        return MissingInput("*", "hypothesis could not draw inputs from the annotations", complete=False)
    return Inputs(drawn, f"types (hypothesis, {len(drawn)} draws)", strategy)


def _from_call_sites(usage: dict[str, Any]) -> Inputs | None:
    import jax.numpy  # noqa: F401 - the texts name jax.numpy

    examples: list[Example] = []
    places: list[str] = []
    for text, place in zip(usage.get("calls", ()), usage.get("call_places", ())):
        try:
            args, kwargs = eval(text, {"__builtins__": SAFE_BUILTINS, "jax": jax, "numpy": np})  # noqa: S307
        except Exception:  # noqa: BLE001 - a call whose values do not rebuild here: try the next
            continue
        examples.append(Example(args=tuple(args), kwargs=dict(kwargs)))
        places.append(display_path(place))
    if not examples:
        return None
    first = (examples[0].args, dict(examples[0].kwargs))
    same = [e for e in examples if same_structure((e.args, dict(e.kwargs)), first)]
    return Inputs(same, f"call site {places[0]}" + (f" (+{len(same) - 1})" if len(same) > 1 else ""))


# ---------------------------------------------------------------------------------------------
# a pytest test's own parameters


def _from_parametrize(fn: Callable[..., Any]) -> Inputs | None:
    """A test function's ``@pytest.mark.parametrize`` cases (the first few of one structure), as
    pytest would call it: ``@parametrize("depth", [0, 1, 2])`` gives ``depth=0``, ``1``, ``2``."""
    marks = [m for m in getattr(inspect.unwrap(fn), "pytestmark", ()) if getattr(m, "name", "") == "parametrize"]
    if not marks:
        return None
    cases: list[dict[str, Any]] = [{}]
    for mark in marks:  # stacked decorators: their cross product, as pytest builds it
        names, values = _parametrize_arguments(mark)
        if names is None:
            return None
        rows = [dict(zip(names, row)) for row in values]
        cases = [dict(case, **row) for case in cases for row in rows][:MAX_CASES]
    if not cases or not cases[0]:
        return None
    try:
        required = {p.name for p in inspect.signature(fn).parameters.values()
                    if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    except (TypeError, ValueError):
        return None
    if not required <= set(cases[0]):
        return None  # pytest fixtures fill the rest: not run outside pytest
    # pytest passes the values as they are (nobody jits a test): plain Python values stay static
    static = tuple(k for k, v in cases[0].items() if _hashable(v) and not any(
        isinstance(leaf, (jax.Array, np.ndarray)) for leaf in jax.tree.leaves(v)))
    examples = [Example(kwargs=case, static_argnames=static) for case in cases if set(case) == set(cases[0])]
    shown = ", ".join(f"{k}={v!r}" for k, v in cases[0].items())[:80]
    return Inputs(examples, f"pytest parametrize ({shown}" + (f"; +{len(examples) - 1} cases)" if len(examples) > 1
                                                             else ")"))


MAX_CASES = 3


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _parametrize_arguments(mark: Any) -> tuple[list[str] | None, list[Any]]:
    args = list(getattr(mark, "args", ())) + [None, None]
    kwargs = getattr(mark, "kwargs", {})
    names, values = kwargs.get("argnames", args[0]), kwargs.get("argvalues", args[1])
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    if not isinstance(names, (list, tuple)) or values is None:
        return None, []
    rows = []
    for value in list(values)[:MAX_CASES]:
        if hasattr(value, "marks") and isinstance(getattr(value, "values", None), tuple):
            rows.append(value.values)  # pytest.param(...): always a tuple
        else:
            rows.append(tuple(value) if len(names) > 1 else (value,))
    return list(names), rows


# ---------------------------------------------------------------------------------------------
# test setup


class _Intercepted(BaseException):
    """Raised by the stand-in for the target when a test calls it (BaseException: tests that
    catch Exception do not swallow it)."""

    def __init__(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        super().__init__()
        self.call_args, self.call_kwargs = args, kwargs


def _from_tests(fn: Callable[..., Any], tests: list[tuple[str, ...]]) -> Inputs | None:
    for path, qualname in tests[:5]:
        try:
            module = load_module(_file_spec(path))
        except TargetError:
            continue
        captured = _run_until_called(module, qualname, fn)
        if captured is not None:
            return Inputs([captured], f"test setup {display_path(path)}::{qualname}")
    return None


def _file_spec(path: str) -> Any:
    from jaxpure.verify.targets import TargetSpec

    return TargetSpec(f"{path}::test", "test", path=path)


def _run_until_called(module: ModuleType, qualname: str, fn: Callable[..., Any]) -> Example | None:
    def stand_in(*args: Any, **kwargs: Any) -> Any:
        raise _Intercepted(args, kwargs)

    patched = _patch(module, fn, stand_in)
    try:
        _call_test(module, qualname)
    except _Intercepted as call:
        return Example(args=call.call_args, kwargs=call.call_kwargs)
    except Exception:  # noqa: BLE001 - the test failed before calling the target
        return None
    finally:
        for holder, name, value in patched:
            setattr(holder, name, value)
    return None


def _patch(module: ModuleType, fn: Callable[..., Any], stand_in: Callable[..., Any]) -> list[tuple[Any, str, Any]]:
    """Replace every reference to the target the test module can reach (its globals, and
    attributes of the modules it imported)."""
    target = inspect.unwrap(fn)
    patched: list[tuple[Any, str, Any]] = []
    holders: list[Any] = [module] + [v for v in vars(module).values() if isinstance(v, ModuleType)]
    for holder in holders:
        for name, value in list(vars(holder).items()):
            if value is fn or value is target or _unwrapped(value) is target:
                patched.append((holder, name, value))
                setattr(holder, name, stand_in)
    return patched


def _unwrapped(value: Any) -> Any:
    try:
        return inspect.unwrap(value) if callable(value) else None
    except ValueError:
        return None


def _call_test(module: ModuleType, qualname: str) -> None:
    owner_name, _, name = qualname.rpartition(".")
    if not owner_name:
        test = getattr(module, name)
        if any(p.default is p.empty for p in inspect.signature(test).parameters.values()):
            return  # pytest fixtures: not run outside pytest
        test()
        return
    owner = getattr(module, owner_name)
    if isinstance(owner, type) and issubclass(owner, unittest.TestCase):
        case = owner(name)
        case.setUp()
        try:
            getattr(case, name)()
        finally:
            case.tearDown()
        return
    instance = owner()
    if hasattr(instance, "setup_method"):
        instance.setup_method(getattr(instance, name))
    getattr(instance, name)()


# ---------------------------------------------------------------------------------------------
# static non-array arguments


def static_non_arrays(fn: Callable[..., Any], examples: list[Example]) -> list[Example]:
    """Mark as static the arguments of the first example that hold no array and can be hashed
    (a ``str`` mode, a callable, a config object), as jitting the function would need."""
    if not examples:
        return examples
    first = examples[0]
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return examples
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    # by position for positional arguments: jit maps static_argnames to positions only through
    # the signature, which the verifier's wrappers of the function do not show
    numbers = tuple(i for i, (name, value) in enumerate(zip(positional, first.args))
                    if _static_kind(value) and i not in first.static_argnums and name not in first.static_argnames)
    names = tuple(name for name, value in first.kwargs.items()
                  if _static_kind(value) and name not in first.static_argnames)
    if not numbers and not names:
        return examples
    return [replace(e, static_argnums=tuple(e.static_argnums) + numbers,
                    static_argnames=tuple(e.static_argnames) + names) for e in examples]


def _static_kind(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, complex)):
        return False  # valid JAX values (traced under jit)
    leaves = jax.tree.leaves(value)
    if any(isinstance(leaf, (jax.Array, np.ndarray, np.generic, bool, int, float, complex)) for leaf in leaves):
        return False
    try:
        hash(value)
    except TypeError:
        return False  # cannot be static: leave it to jit to say so
    return True
