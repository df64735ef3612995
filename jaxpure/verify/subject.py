"""The function under verification: unwrapped from its jit wrapper, with its static arguments
and examples, able to hand out fresh argument copies and a dynamic-arguments-only form."""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxpure.verify.options import Example, Thread
from jaxpure.verify.trees import fresh_copy, perturb


@dataclass(frozen=True)
class Unwrapped:
    fn: Callable[..., Any]
    bound_self: Any  # the instance of a bound method (prepended to the arguments), or None
    static_argnums: tuple[int, ...]
    static_argnames: tuple[str, ...]
    was_jitted: bool
    axis_name: Any = None  # from a jax.pmap wrapper: collectives in the body need it
    in_axes: Any = 0


_NO_SELF = object()


def _pmap_options(fn: Callable[..., Any]) -> dict[str, Any] | None:
    """axis_name, in_axes and static_broadcasted_argnums of a ``jax.pmap`` wrapper, or None.

    jax 0.10's pmap returns a plain function (from jax/_src/pmap.py) whose options live in the
    closure of its ``infer_params``; anything unexpected means "not a pmap wrapper we know".
    """
    code = getattr(fn, "__code__", None)
    if code is None or not code.co_filename.replace("\\", "/").endswith("jax/_src/pmap.py"):
        return None
    try:
        infer = inspect.getclosurevars(fn).nonlocals["infer_params"]
        options = inspect.getclosurevars(infer).nonlocals
        return {"axis_name": options.get("axis_name"), "in_axes": options.get("in_axes", 0),
                "static": tuple(options.get("static_broadcasted_tuple", ()))}
    except (KeyError, TypeError, ValueError):
        return {"axis_name": None, "in_axes": 0, "static": ()}


def unwrap(fn: Callable[..., Any]) -> Unwrapped:
    """Strip ``jax.jit`` wrappers, keeping their static_argnums/static_argnames.

    Re-jitting without them would turn correct code into false alarms; running the jitted
    object itself would let its private trace cache hide trace-time effects from the checks.
    """
    bound_self: Any = _NO_SELF
    if inspect.ismethod(fn) and getattr(fn.__func__, "_jit_info", None) is not None:
        # a jitted method: the wrapper receives self as argument 0 (static, per its own options)
        bound_self, fn = fn.__self__, fn.__func__
    # a plain bound method stays bound: like jax.jit(obj.method), self is closed over
    nums: list[int] = []
    names: list[str] = []
    jitted = False
    pmapped = _pmap_options(fn)
    axis_name, in_axes = None, 0
    wrapped = getattr(fn, "__wrapped__", None)
    if pmapped is not None and wrapped is not None:
        # run the body ourselves under every transform, keeping pmap's axis name and statics
        axis_name, in_axes = pmapped["axis_name"], pmapped["in_axes"]
        nums += list(pmapped["static"])
        fn = wrapped
    while True:
        info = getattr(fn, "_jit_info", None)
        inner = getattr(fn, "__wrapped__", None) or getattr(fn, "_fun", None)
        if info is None or inner is None:
            break
        jitted = True
        nums += [n for n in getattr(info, "static_argnums", ()) if n not in nums]
        names += [n for n in getattr(info, "static_argnames", ()) if n not in names]
        fn = inner
    return Unwrapped(fn, None if bound_self is _NO_SELF else bound_self, tuple(nums), tuple(names), jitted,
                     axis_name, in_axes)


def fresh_function(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A new function object that calls ``fn``: jit caches traces per function object, so
    every check that counts traces or trace-time effects must start from an empty cache."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return call


@dataclass(frozen=True)
class Call:
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


@dataclass
class Subject:
    name: str
    fn: Callable[..., Any]
    examples: tuple[Example, ...]
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    was_jitted: bool = False

    @classmethod
    def build(cls, target: Callable[..., Any], examples: list[Example], name: str | None = None,
              extra_static_argnums: tuple[int, ...] = (),
              extra_static_argnames: tuple[str, ...] = ()) -> Subject:
        unwrapped = unwrap(target)
        if unwrapped.bound_self is not None:
            examples = [Example(args=(unwrapped.bound_self, *ex.args), kwargs=ex.kwargs,
                                static_argnums=ex.static_argnums, static_argnames=ex.static_argnames,
                                thread=ex.thread, in_axes=ex.in_axes, axis_name=ex.axis_name)
                        for ex in examples]
        if unwrapped.axis_name is not None or unwrapped.in_axes != 0:
            examples = [dataclasses.replace(ex, axis_name=ex.axis_name or unwrapped.axis_name,
                                            in_axes=unwrapped.in_axes if ex.in_axes == 0 else ex.in_axes)
                        for ex in examples]
        first = examples[0] if examples else Example()
        nums = _merge(unwrapped.static_argnums, extra_static_argnums, first.static_argnums)
        names = _merge(unwrapped.static_argnames, extra_static_argnames, first.static_argnames)
        fn = unwrapped.fn
        if _takes_plain_self(fn, first) and 0 not in nums and "self" not in names:
            # Class.method called with an instance as argument 0: an object that is not a pytree
            # of arrays can only be static (as in `partial(jax.jit, static_argnums=0)`)
            names = names + ("self",)
        label = name or str(getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn)))
        return cls(label, fn, tuple(examples), nums, names, _source_files(fn), unwrapped.was_jitted)

    # -- arguments -----------------------------------------------------------------------------

    @property
    def example(self) -> Example:
        return self.examples[0]

    @property
    def thread(self) -> Thread:
        return self.example.thread

    def call(self, index: int = 0) -> Call:
        """Fresh deep copies of an example's arguments (never the user's own objects)."""
        example = self.examples[index % len(self.examples)]
        call = Call(fresh_copy(example.args), fresh_copy(dict(example.kwargs)))
        if index >= len(self.examples):
            # more examples wanted than given: vary the dynamic arguments of the last one
            call = self._perturbed(call, index - len(self.examples) + 1)
        return call

    def calls(self, count: int) -> list[Call]:
        return [self.call(i) for i in range(count)]

    def _perturbed(self, call: Call, index: int) -> Call:
        static = self.static_names(call)
        names = self.parameter_names(len(call.args))
        args = tuple(value if names[i] in static else perturb(value, index)
                     for i, value in enumerate(call.args))
        kwargs = {k: v if k in static else perturb(v, index) for k, v in call.kwargs.items()}
        return Call(args, kwargs)

    def signature(self) -> inspect.Signature | None:
        try:
            return inspect.signature(self.fn)
        except (TypeError, ValueError):
            return None

    def parameter_names(self, positional_count: int) -> list[str]:
        """A name for each positional argument (``*args`` entries get ``name[i]``)."""
        signature = self.signature()
        names: list[str] = []
        if signature is not None:
            for parameter in signature.parameters.values():
                if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
                    names.append(parameter.name)
                elif parameter.kind is parameter.VAR_POSITIONAL:
                    names += [f"{parameter.name}[{i}]" for i in range(positional_count - len(names))]
        names += [f"arg{i}" for i in range(len(names), positional_count)]
        return names[:positional_count]

    def static_names(self, call: Call) -> frozenset[str]:
        names = self.parameter_names(len(call.args))
        static = set(self.static_argnames)
        for number in self.static_argnums:
            index = number if number >= 0 else len(call.args) + number
            if 0 <= index < len(names):
                static.add(names[index])
        return frozenset(static)

    def reuse_static(self, template: Call, call: Call) -> Call:
        """``call`` with the static arguments of ``template`` (the same objects): jit hashes
        static arguments, so fresh copies of an identity-hashed object would each retrace."""
        static = self.static_names(call)
        names = self.parameter_names(len(call.args))
        args = tuple(template.args[i] if names[i] in static and i < len(template.args) else value
                     for i, value in enumerate(call.args))
        kwargs = {k: template.kwargs[k] if k in static and k in template.kwargs else v
                  for k, v in call.kwargs.items()}
        return Call(args, kwargs)

    # -- forms of the function -----------------------------------------------------------------

    @functools.cached_property
    def run(self) -> Callable[..., Any]:
        """The function for one example (eager and jit runs). A body that uses collectives over
        an axis name (a pmap step with ``lax.pmean``) runs mapped over a batch of one, where
        the collectives are defined."""
        axis_name = self.example.axis_name
        if axis_name is None:
            return self.fn
        import jax
        import jax.numpy as jnp

        def one_example(*args: Any, **kwargs: Any) -> Any:
            core, values = self.split(Call(args, kwargs))
            batch = jax.tree.map(lambda leaf: jnp.expand_dims(jnp.asarray(leaf), 0), values)
            return jax.tree.map(lambda leaf: leaf[0], jax.vmap(core, axis_name=axis_name)(*batch))

        return functools.wraps(self.fn)(one_example)

    def jit(self, fn: Callable[..., Any] | None = None) -> Callable[..., Any]:
        import jax

        # jit infers positions from static_argnames only when static_argnums is not given:
        # pass both, the names' positions included, so a static argument is static either way
        return jax.jit(fresh_function(fn or self.run), static_argnums=self.static_positions(),
                       static_argnames=self.static_argnames)

    def static_positions(self) -> tuple[int, ...]:
        signature = self.signature()
        positional = [] if signature is None else [
            p.name for p in signature.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        named = tuple(positional.index(name) for name in self.static_argnames if name in positional)
        return tuple(dict.fromkeys(self.static_argnums + named))

    def split(self, call: Call, fn: Callable[..., Any] | None = None) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """The function of the dynamic arguments alone (static ones closed over), for vmap/pmap."""
        target = fn or self.fn
        static = self.static_names(call)
        names = self.parameter_names(len(call.args))
        dynamic_positions = [i for i, name in enumerate(names) if name not in static]
        dynamic_keywords = [k for k in call.kwargs if k not in static]
        values = tuple(call.args[i] for i in dynamic_positions) + tuple(call.kwargs[k] for k in dynamic_keywords)

        def core(*dynamic: Any) -> Any:
            args = list(call.args)
            for position, value in zip(dynamic_positions, dynamic):
                args[position] = value
            kwargs = dict(call.kwargs)
            for key, value in zip(dynamic_keywords, dynamic[len(dynamic_positions):]):
                kwargs[key] = value
            return target(*args, **kwargs)

        return core, values


def _takes_plain_self(fn: Callable[..., Any], example: Example) -> bool:
    try:
        parameters = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return False
    if not parameters or parameters[0] != "self" or not example.args:
        return False
    import jax

    leaves = jax.tree.leaves(example.args[0])
    return len(leaves) == 1 and leaves[0] is example.args[0] and not isinstance(leaves[0], jax.Array)


def _merge(*groups: tuple[Any, ...]) -> tuple[Any, ...]:
    merged: list[Any] = []
    for group in groups:
        merged += [item for item in group if item not in merged]
    return tuple(merged)


def _source_files(fn: Callable[..., Any]) -> tuple[str, ...]:
    code = getattr(inspect.unwrap(fn), "__code__", None)
    return (code.co_filename,) if code is not None else ()
