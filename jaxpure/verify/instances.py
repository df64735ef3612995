"""An instance to call a method target on (worker side).

Tried in order, the first that works wins:

1. a ``unittest.TestCase`` is built for the method and its ``setUp`` run; a pytest-style test
   class is built with no arguments and its ``setup_method`` run;
2. the class itself, with no arguments;
3. the class, then each concrete subclass found in the project (the parent lists the files that
   define them, ``Usage.subclass_files``; they are imported here so ``__subclasses__`` sees
   them), built with no arguments or with constructor arguments drawn from the annotations of
   its ``__init__`` or dataclass fields (an abstract base such as an ``equinox.Module`` solver
   with a concrete ``Tsit5`` below it).

The method run is always the target class's own function, bound to that instance: a subclass
that overrides the method must not replace the code the finding is about.
"""

from __future__ import annotations

import functools
import inspect
import unittest
from typing import Any

from jaxpure.verify.inputs import MissingInput
from jaxpure.verify.subclasses import concrete_classes



def bound_method(module: Any, qualname: str, fn: Any,
                 subclass_files: tuple[str, ...] = ()) -> tuple[Any, MissingInput | None, str]:
    """``(callable, None, how)`` with the method bound to an instance (``how`` names a substitute
    instance for the report, or is empty), or ``(fn, MissingInput, "")``."""
    if "." not in qualname:
        return fn, None, ""
    owner_name, _, method = qualname.rpartition(".")
    owner: Any = module
    for part in owner_name.split("."):
        owner = getattr(owner, part)
    if not isinstance(owner, type) or isinstance(owner.__dict__.get(method), (staticmethod, classmethod)):
        return fn, None, ""
    name = method if method in dir(owner) else next(
        (n for n in dir(owner) if n.startswith(method) and getattr(owner, n) is fn), method)
    if name != method:  # a parameterized test's case: it takes no argument but self
        _takes_only_self(getattr(owner, name))
    try:
        return getattr(_test_or_plain_instance(owner, name), name), None, ""
    except Exception as error:  # noqa: BLE001 - the class needs arguments, or is abstract
        first_problem = f"{owner_name}() fails: {type(error).__name__}: {error}"
    if issubclass(owner, unittest.TestCase):
        return fn, MissingInput("self", first_problem), ""
    _import_files(subclass_files)
    for candidate in concrete_classes(owner):
        instance, how = _built(candidate)
        if instance is not None:
            return _bind(getattr(owner, name), instance), None, f"self: {candidate.__qualname__}{how}"
    hint = "; no concrete subclass in the project could be built either" if concrete_classes(owner) != [owner] \
        else ""
    return fn, MissingInput("self", first_problem + hint), ""


def _takes_only_self(function: Any) -> None:
    """A generated test case shows (through functools.wraps) the parameters its decorator fills in."""
    try:
        function.__signature__ = inspect.Signature([inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)])
    except (AttributeError, TypeError):
        pass


def _test_or_plain_instance(owner: type, method: str) -> Any:
    """An instance built with no arguments; a unittest test case gets its ``setUp`` run first."""
    if issubclass(owner, unittest.TestCase):
        case = owner(method)
        case.setUp()
        return case
    instance = owner()
    setup = getattr(instance, "setup_method", None)  # a pytest-style test class
    if callable(setup) and method.startswith("test"):
        setup(getattr(instance, method))
    return instance


def _import_files(paths: tuple[str, ...]) -> None:
    from jaxpure.verify.targets import TargetError, TargetSpec, load_module

    for path in paths:
        try:
            load_module(TargetSpec(f"{path}::_", "_", path=path))
        except (TargetError, Exception):  # noqa: BLE001 - a subclass file that does not import is skipped
            continue


def _built(cls: type) -> tuple[Any, str]:
    """``cls()``, or ``cls`` built from arguments drawn from its annotations (with how), or None."""
    try:
        return cls(), "()"
    except Exception:  # noqa: BLE001 - it needs arguments: draw them
        pass
    from jaxpure.verify.strategies import describe, draw, examples_strategy

    try:
        plan = examples_strategy(cls)
        if isinstance(plan, MissingInput):
            return None, ""
        drawn = draw(plan, 1)
        if not drawn:
            return None, ""
        return cls(*drawn[0].args, **dict(drawn[0].kwargs)), f"({describe(drawn[0])})"
    except Exception:  # noqa: BLE001 - the drawn arguments do not fit its constructor
        return None, ""


def _bind(function: Any, instance: Any) -> Any:
    getter = getattr(function, "__get__", None)
    if getter is None:
        return functools.partial(function, instance)
    return getter(instance, type(instance))
