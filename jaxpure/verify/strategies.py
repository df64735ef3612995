"""Inputs from types and shapes, drawn with hypothesis (worker side: imports jax and hypothesis).

What a parameter's value is drawn from, in order:

- its default, if it has one (static arguments included);
- a shape the body asserts: ``chex.assert_shape(x, (3, 4))``, ``chex.assert_rank(x, 2)``,
  ``assert x.shape == (3, 4)``;
- its annotation: jaxtyping ``Float[Array, "b n"]`` (dtype and shape; a dimension name has one
  size in every argument of a draw, so shapes that must agree do), ``jax.Array`` /
  ``jnp.ndarray`` / ``ArrayLike`` (float32, one shared 1-d shape), ``np.ndarray``, ``float``,
  ``int``, ``bool``, ``Literal[...]``, ``Optional[X]``, ``tuple[...]``, dataclasses and
  NamedTuples (field by field, so registered pytrees such as ``flax.struct`` classes work);
- its name: a parameter called like a PRNG key (``key``, ``rng``, ...) gets ``jax.random.key``.

A few draws per function (hypothesis, derandomized: the same draws every run; its first draw
is the simplest value, sizes of 1 and zeros). When a check fails on drawn inputs,
``shrink`` asks hypothesis for the smallest input that still fails, for the report.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import textwrap
import typing
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException
from hypothesis.extra import numpy as hnp

from jaxpure.verify.inputs import KEY_NAMES, MissingInput
from jaxpure.verify.options import Example

Dims = dict[str, int]
Build = Callable[[Dims], st.SearchStrategy[Any]]

DEFAULT_DIM = "__n"  # the one size plain (unshaped) array annotations share
_JAXTYPING = re.compile(r"(Float|Int|Bool|UInt|Integer|Num|Shaped|Real|Key|PRNGKey)\w*\[\s*[\w.]+\s*,\s*"
                        r"['\"]([^'\"]*)['\"]\s*\]")
_DTYPES = {"Float": np.float32, "Int": np.int32, "Integer": np.int32, "Bool": np.bool_, "UInt": np.uint32,
           "Num": np.float32, "Shaped": np.float32, "Real": np.float32}
_SETTINGS = dict(derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))


class _Shape:
    """A shape template: fixed sizes, named sizes, and variadic ``*name`` groups."""

    def __init__(self, tokens: list[str | int]) -> None:
        self.tokens = tokens

    @classmethod
    def parse(cls, text: str) -> _Shape:
        tokens: list[str | int] = []
        for raw in text.split():
            token = raw.lstrip("#").split("=")[-1]
            if token.isdigit():
                tokens.append(int(token))
            elif token in ("...", "*_") or token.startswith("*"):
                tokens.append("*" + token.lstrip("*.") if token != "..." else "*...")
            elif token == "_" or not token.isidentifier():
                tokens.append(f"_anon{len(tokens)}")  # its own size
            else:
                tokens.append(token)
        return cls(tokens)

    def names(self) -> list[str]:
        return [t for t in self.tokens if isinstance(t, str)]

    def concrete(self, dims: Dims) -> tuple[int, ...]:
        shape: list[int] = []
        for token in self.tokens:
            if isinstance(token, int):
                shape.append(token)
            elif token.startswith("*"):
                shape += [dims.get(token, 1)] * min(dims.get(token + "#rank", 1), 2)
            else:
                shape.append(dims.get(token, 1))
        return tuple(shape)


def examples_strategy(fn: Callable[..., Any]) -> Plan | MissingInput:
    """One strategy drawing a whole ``Example`` for ``fn``, or the parameter that cannot be drawn."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return MissingInput("*", "its signature cannot be read")
    hints = _annotations(fn)
    asserted = asserted_shapes(fn)
    keys = key_parameters(fn)
    documented = docstring_types(fn)
    positional: list[Build] = []
    keyword: dict[str, Build] = {}
    names: set[str] = set()
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.default is not parameter.empty:
            continue  # defaults are used as they are
        annotation = hints.get(parameter.name, parameter.annotation)
        if annotation is parameter.empty and parameter.name in documented:
            annotation = documented[parameter.name]  # the docstring's "n (int): ..." as its annotation
        built = _build_for(parameter.name, annotation, asserted, names, parameter.name in keys)
        if isinstance(built, MissingInput):
            return built
        if parameter.kind is parameter.KEYWORD_ONLY:
            keyword[parameter.name] = built
        else:
            positional.append(built)
    # sizes from 2: a size of 1 broadcasts against anything and hides shape mistakes
    dims_strategy = st.fixed_dictionaries({name: st.integers(2, 4) for name in sorted(names)})

    def arguments(dims: Dims) -> st.SearchStrategy[Example]:
        args = st.tuples(*(build(dims) for build in positional))
        kwargs = st.fixed_dictionaries({k: build(dims) for k, build in keyword.items()})
        return st.builds(lambda a, k: Example(args=a, kwargs=k), args, kwargs)

    return Plan(dims_strategy, arguments)


@dataclasses.dataclass(frozen=True)
class Plan:
    """How a function's inputs are drawn: the sizes of the named dimensions, then the values."""

    dims: st.SearchStrategy[Dims]
    arguments: Callable[[Dims], st.SearchStrategy[Example]]

    @property
    def full(self) -> st.SearchStrategy[Example]:
        return self.dims.flatmap(self.arguments)


def _collect(strategy: st.SearchStrategy[Any], count: int, key: Callable[[Any], Any]) -> list[Any]:
    drawn: list[Any] = []

    @settings(max_examples=count * 3, phases=[Phase.generate], **_SETTINGS)  # type: ignore[arg-type]
    @given(strategy)
    def collect(value: Any) -> None:
        if len(drawn) < count and all(key(value) != key(d) for d in drawn):
            drawn.append(value)

    collect()
    return drawn


def draw(plan: Plan, count: int) -> list[Example]:
    """``count`` different draws with one set of sizes (so that they stack into a vmap batch),
    the same on every run; the first is the simplest (the smallest sizes, zeros)."""
    sizes = _collect(plan.dims, 1, repr)
    if not sizes:
        return []
    return _collect(plan.arguments(sizes[0]), count, _fingerprint)


def _fingerprint(example: Example) -> Any:
    leaves = jax.tree.leaves((example.args, dict(example.kwargs)))
    return tuple(np.asarray(leaf).tobytes() if isinstance(leaf, (jax.Array, np.ndarray)) and not
                 jax.dtypes.issubdtype(leaf.dtype, jax.dtypes.prng_key) else repr(leaf) for leaf in leaves)


def shrink(plan: Plan, fails: Callable[[Example], bool], budget: int = 12) -> Example | None:
    """The smallest draw for which ``fails`` holds (hypothesis' shrinking), or None."""
    def safe(example: Example) -> bool:
        try:
            return fails(example)
        except Exception:  # noqa: BLE001 - a draw the function cannot take is not "failing"
            return False

    try:
        return find(plan.full, safe, settings=settings(max_examples=budget, **_SETTINGS))  # type: ignore[arg-type]
    except (HypothesisException, Exception):  # noqa: BLE001 - NoSuchExample, Unsatisfiable
        return None


def describe(example: Example) -> str:
    """A short text of an input, for the report: ``x=float32[1,2] [[0. 0.]], n=1``."""
    parts = [_short(value) for value in example.args] + [f"{k}={_short(v)}" for k, v in example.kwargs.items()]
    return ", ".join(parts)


def _short(value: Any) -> str:
    leaves, tree = jax.tree_util.tree_flatten(value)
    if len(leaves) == 1 and leaves[0] is value:
        if isinstance(value, (jax.Array, np.ndarray)):
            if jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key):
                return "key"
            shape = f"{value.dtype}[{','.join(map(str, value.shape))}]"
            if value.size > 4:
                return shape
            text = np.array2string(np.asarray(value), precision=3)
            return f"{shape} {' '.join(text.split())}"
        return repr(value)[:40]
    inner = ", ".join(_short(leaf) for leaf in leaves[:4]) + (", ..." if len(leaves) > 4 else "")
    return f"{type(value).__name__}({inner})"


# ---------------------------------------------------------------------------------------------
# one parameter


def _annotations(fn: Callable[..., Any]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(fn, include_extras=True)
    except Exception:  # noqa: BLE001 - unresolvable string annotations: their text is parsed
        return dict(getattr(fn, "__annotations__", {}))


def _build_for(name: str, annotation: Any, asserted: dict[str, tuple[int, ...]],
               names: set[str], drawn_from: bool = False) -> Build | MissingInput:
    if name in asserted:
        shape = asserted[name]
        return lambda dims: _float_array(shape)
    if annotation is inspect.Parameter.empty:
        if KEY_NAMES.search(name) or drawn_from:
            return lambda dims: _keys()
        return MissingInput(name, "it has no annotation, no default and no asserted shape")
    return _build_for_type(name, annotation, names, depth=0)


def _build_for_type(name: str, annotation: Any, names: set[str], depth: int) -> Build | MissingInput:
    if depth > 4:
        return MissingInput(name, "its type nests too deeply")
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _build_for_type(name, typing.get_args(annotation)[0], names, depth + 1)
    if origin is typing.Literal:
        choices = typing.get_args(annotation)
        return lambda dims: st.sampled_from(choices)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _build_for_type(name, options[0], names, depth + 1) if options else (lambda dims: st.none())
    if origin is tuple:
        items = typing.get_args(annotation)
        if len(items) == 2 and items[1] is Ellipsis:
            items = (items[0], items[0])
        builds = [_build_for_type(f"{name}[{i}]", item, names, depth + 1) for i, item in enumerate(items)]
        missing = next((b for b in builds if isinstance(b, MissingInput)), None)
        if missing is not None:
            return missing
        return lambda dims: st.tuples(*(b(dims) for b in builds))  # type: ignore[operator]
    if annotation is bool:
        return lambda dims: st.booleans()
    if annotation is int:
        return lambda dims: st.integers(1, 4)  # often a size or a count
    if annotation is float:
        return lambda dims: st.floats(-2.0, 2.0, width=32)
    if isinstance(annotation, type) and (dataclasses.is_dataclass(annotation) or _is_namedtuple(annotation)):
        return _build_record(annotation, names, depth)
    text = annotation if isinstance(annotation, str) else _annotation_text(annotation)
    built = _build_from_text(name, text, names)
    if isinstance(built, MissingInput) and isinstance(annotation, type):
        return _build_subclass_record(annotation, names, depth) or built
    return built


def _build_subclass_record(cls: type, names: set[str], depth: int) -> Build | None:
    """An abstract (or plain) class annotation: its first concrete dataclass or NamedTuple subclass
    that can be drawn field by field (``transform: MatrixLieGroup`` gets an ``SE2``)."""
    from jaxpure.verify.subclasses import concrete_classes

    for sub in concrete_classes(cls):
        if sub is not cls and (dataclasses.is_dataclass(sub) or _is_namedtuple(sub)):
            built = _build_record(sub, names, depth)
            if not isinstance(built, MissingInput):
                return built
    return None


def _build_from_text(name: str, text: str, names: set[str]) -> Build | MissingInput:
    keyish = "Key" in text or (KEY_NAMES.search(name) and ("Array" in text or "ndarray" in text))
    if keyish:
        return lambda dims: _keys()
    if text in ("bool", "int", "float"):
        return _build_for_type(name, {"bool": bool, "int": int, "float": float}[text], names, 0)
    match = _JAXTYPING.search(text)
    numpy = "ndarray" in text and "jax" not in text and "jnp" not in text
    if match:
        shape = _Shape.parse(match.group(2))
        names |= {n for n in shape.names()}
        names |= {n + "#rank" for n in shape.names() if n.startswith("*")}
        dtype = _DTYPES.get(match.group(1), np.float32)
        return lambda dims: _array(shape.concrete(dims), dtype, numpy)
    if any(marker in text for marker in ("Array", "ndarray", "ArrayLike")):
        names.add(DEFAULT_DIM)
        return lambda dims: _array((dims[DEFAULT_DIM],), np.float32, numpy)
    return MissingInput(name, f"annotation {text!r} is not an array, a scalar or a dataclass")


def _build_record(cls: type, names: set[str], depth: int) -> Build | MissingInput:
    hints = _annotations(cls)
    if dataclasses.is_dataclass(cls):
        fields = [(f.name, f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
                  for f in dataclasses.fields(cls) if f.init]
    else:
        defaults = getattr(cls, "_field_defaults", {})
        fields = [(f, f in defaults) for f in cls._fields]  # type: ignore[attr-defined]
    builds: dict[str, Build] = {}
    for field_name, has_default in fields:
        if has_default:
            continue
        built = _build_for_type(field_name, hints.get(field_name, inspect.Parameter.empty), names, depth + 1) \
            if field_name in hints else MissingInput(field_name, f"field of {cls.__name__} has no annotation")
        if isinstance(built, MissingInput):
            return MissingInput(f"{cls.__name__}.{field_name}", built.reason)
        builds[field_name] = built
    return lambda dims: st.builds(cls, **{k: b(dims) for k, b in builds.items()})


def _is_namedtuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _annotation_text(annotation: Any) -> str:
    module = getattr(annotation, "__module__", "")
    name = getattr(annotation, "__qualname__", None) or getattr(annotation, "__name__", None)
    if name and "[" not in repr(annotation) and "[" not in name:
        return f"{module}.{name}" if module not in ("builtins", "") else name
    return repr(annotation)


def _array(shape: tuple[int, ...], dtype: Any, numpy: bool) -> st.SearchStrategy[Any]:
    if dtype is np.bool_:
        elements: st.SearchStrategy[Any] = st.booleans()
    elif np.issubdtype(dtype, np.integer):
        elements = st.integers(0, 3)  # valid as indices into the small dimensions drawn
    else:
        elements = st.floats(-2.0, 2.0, width=32)
    drawn = hnp.arrays(dtype, shape, elements=elements)
    return drawn if numpy else drawn.map(jnp.asarray)


def _float_array(shape: tuple[int, ...]) -> st.SearchStrategy[Any]:
    return _array(shape, np.float32, False)


def _keys() -> st.SearchStrategy[Any]:
    return st.integers(0, 2**16).map(jax.random.key)


# ---------------------------------------------------------------------------------------------
# shapes the body asserts


def asserted_shapes(fn: Callable[..., Any]) -> dict[str, tuple[int, ...]]:
    """``{param: shape}`` from ``chex.assert_shape(x, (3, 4))``, ``chex.assert_rank(x, 2)`` and
    ``assert x.shape == (3, 4)`` in the body (``None`` or ``...`` in a shape become 2)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        return {}
    found: dict[str, tuple[int, ...]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) >= 2 and isinstance(node.args[0], ast.Name):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called == "assert_shape":
                shape = _literal_shape(node.args[1])
                if shape is not None:
                    found.setdefault(node.args[0].id, shape)
            elif called == "assert_rank" and isinstance(node.args[1], ast.Constant) \
                    and isinstance(node.args[1].value, int):
                found.setdefault(node.args[0].id, (2,) * node.args[1].value)
        elif isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) \
                and isinstance(node.test.left, ast.Attribute) and node.test.left.attr == "shape" \
                and isinstance(node.test.left.value, ast.Name) and len(node.test.comparators) == 1 \
                and isinstance(node.test.ops[0], ast.Eq):
            shape = _literal_shape(node.test.comparators[0])
            if shape is not None:
                found.setdefault(node.test.left.value.id, shape)
    return found


_DOCUMENTED = re.compile(r"^\s*\*{0,2}(\w+)\s*\(([^()]*(?:\[[^]]*\])?[^()]*)\)\s*:")  # "  n (int): ..."


def docstring_types(fn: Callable[..., Any]) -> dict[str, str]:
    """``{param: type text}`` from a Google-style ``Args:`` section (``seed (jax.random.PRNGKey):
    ...``, ``theta (float, optional): ...``), for parameters that have no annotation."""
    found: dict[str, str] = {}
    in_args = False
    for line in (inspect.getdoc(fn) or "").splitlines():
        heading = line.strip().rstrip(":").lower()
        if not line.startswith(" ") and line.strip().endswith(":"):
            in_args = heading in ("args", "arguments", "parameters")
            continue
        match = _DOCUMENTED.match(line) if in_args else None
        if match:
            found.setdefault(match.group(1), match.group(2).replace(", optional", "").strip())
    return found


def key_parameters(fn: Callable[..., Any]) -> set[str]:
    """Parameters the body hands to ``jax.random`` as the key (``jr.split(seed)``), whatever their
    names: the called function is looked up in the function's own globals, so ``jr`` is
    ``jax.random`` only where the module imported it so."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        parameters = set(inspect.signature(fn).parameters)
    except (OSError, TypeError, ValueError, SyntaxError, IndentationError):
        return set()
    namespace = getattr(inspect.unwrap(fn), "__globals__", {})
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) \
                and node.args[0].id in parameters and _is_jax_random(_resolved(node.func, namespace)):
            found.add(node.args[0].id)
    return found


def _resolved(node: ast.AST, namespace: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolved(node.value, namespace)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _is_jax_random(value: Any) -> bool:
    module = getattr(value, "__module__", "") or ""
    return callable(value) and module.startswith(("jax.random", "jax._src.random")) and \
        getattr(value, "__name__", "") not in ("key_data", "wrap_key_data", "key_impl")


def _literal_shape(node: ast.AST) -> tuple[int, ...] | None:
    if not isinstance(node, (ast.Tuple, ast.List)):
        return None
    shape = []
    for element in node.elts:
        if isinstance(element, ast.Constant) and isinstance(element.value, int) and not isinstance(element.value, bool):
            shape.append(element.value)
        elif isinstance(element, ast.Constant) and element.value in (None, Ellipsis):
            shape.append(2)
        else:
            return None
    return tuple(shape)
