"""Calls whose effect happens once at trace time (``print``, logging, clocks, Python/NumPy
randomness, file I/O), what they print, and the ``jax.debug.print`` that replaces a print
(JXP104)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import libcst as cst

from jaxpure.analysis.catalog.side_effects import (
    CLOCK_CALLS,
    DEPRECATION_CATEGORIES,
    ENTROPY_CALLS,
    GENERATOR_DRAWS,
    IO_CALLS,
    LOG_METHODS,
    LOGGER_FACTORIES,
    LOGGER_NAMES,
    LOGGING_MODULES,
    SEEDED_CONSTRUCTORS,
    STR_METHODS,
    TEXT_BUILTINS,
    TRACE_MESSAGE,
)
from jaxpure.analysis.lattice import STATIC, is_traced
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.syntax import descendants, free_names, names_in

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

from jaxpure.analysis.queries.seeded_draws import SEEDERS, generator_of, seed_before_draws, seeded_draw
from jaxpure.analysis.queries.values import bound_values


@dataclass(frozen=True)
class SideEffect:
    """A call whose effect happens once, while tracing."""

    category: str  # "print", "log", "warn", "clock", "random", "seed", "io"
    text: str  # how to name it in a message, e.g. "print()", "np.random.rand()"


def side_effect_of(ctx: Context, call: cst.Call) -> SideEffect | None:
    func = call.func
    qual = ctx.qualname(func)
    shown = f"{dotted_name(func) or qual}()"
    if qual is not None:
        if qual == "builtins.print":
            return SideEffect("print", "print()")
        if qual in ("sys.stdout.write", "sys.stderr.write"):
            return SideEffect("print", shown)
        if qual.startswith(LOGGING_MODULES) and qual.rsplit(".", 1)[-1] in LOG_METHODS:
            return SideEffect("log", shown)
        if qual in ("warnings.warn", "warnings.warn_explicit"):
            return SideEffect("warn", shown)  # warned once, while tracing
        if qual.startswith("time."):
            return SideEffect("clock", shown)
        if qual in CLOCK_CALLS:
            return SideEffect("clock", shown)
        if qual in SEEDED_CONSTRUCTORS and call.args:
            return None  # `default_rng(seed)`: draws that depend on the seed alone
        generator = generator_of(qual)
        if qual in SEEDERS:
            if generator is not None and seed_before_draws(ctx, call, generator):
                return None  # seeded for the draws after it: a fixed pattern per trace
            return SideEffect("seed", shown)
        if generator is not None:
            if seeded_draw(ctx, call, generator):
                return None  # the same numbers in every trace and every eager call
            return SideEffect("random", shown)
        if qual in ENTROPY_CALLS or (qual.startswith("secrets.") and qual != "secrets.compare_digest"):
            return SideEffect("random", shown)
        if qual in IO_CALLS:
            return SideEffect("io", shown)
        return None
    if type(func) is cst.Attribute and func.attr.value in LOG_METHODS and _is_logger(ctx, func.value):
        return SideEffect("log", shown if dotted_name(func) else f"{func.attr.value}()")
    if type(func) is cst.Attribute and func.attr.value in GENERATOR_DRAWS \
            and _is_shared_generator(ctx, func.value):
        return SideEffect("random", shown)
    return None


def _is_shared_generator(ctx: Context, receiver: cst.BaseExpression) -> bool:
    """``rng`` bound outside the traced function to ``np.random.default_rng(...)`` (or
    ``RandomState``, ``random.Random``): its state advances eagerly, the draw is frozen."""
    if not type(receiver) is cst.Name or ctx.scope_of(receiver.value) not in ("module", "closure"):
        return False
    values = bound_values(ctx, receiver.value) or []
    return bool(values) and all(
        type(v) is cst.Call and ctx.qualname(v.func) in SEEDED_CONSTRUCTORS for v in values)


def _is_logger(ctx: Context, receiver: cst.BaseExpression) -> bool:
    if type(receiver) is cst.Call:
        return ctx.qualname(receiver.func) in LOGGER_FACTORIES
    if type(receiver) is cst.Attribute:
        # self.logger / self._log
        return type(receiver.value) is cst.Name and receiver.value.value in ("self", "cls") \
            and receiver.attr.value in LOGGER_NAMES
    if not type(receiver) is cst.Name:
        return False
    name = receiver.value
    values = bound_values(ctx, name)
    if values and all(v is not None for v in values):
        if all(type(v) is cst.Call and ctx.qualname(v.func) in LOGGER_FACTORIES for v in values):
            return True
        if any(not type(v) is cst.Call for v in values):
            return False  # bound to a literal or a name: not a logger
    if ctx.unit is not None and ctx.unit.param(name) is not None:
        return False
    return name in LOGGER_NAMES


def string_parts(node: cst.BaseExpression) -> list[str]:
    """The literal text of a string argument (the text parts of an f-string)."""
    if type(node) is cst.SimpleString:
        value = node.evaluated_value
        return [value] if isinstance(value, str) else []
    if type(node) is cst.ConcatenatedString:
        return string_parts(node.left) + string_parts(node.right)
    if type(node) is cst.FormattedString:
        return [p.value for p in node.parts if type(p) is cst.FormattedStringText]
    return []


def printed_values(call: cst.Call) -> list[cst.BaseExpression]:
    """The non-literal values a print/log call formats (f-string fields included)."""
    found: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.keyword is not None:
            continue
        fields = _formatted_fields(arg.value)
        found.extend([arg.value] if fields is None else fields)
    return found


def _formatted_fields(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The values a string literal formats: an f-string's fields, also in an implicit
    concatenation (``f"factors {factors}, " f"shape {x.shape}"``, one f-string per line);
    None when ``node`` is no string literal."""
    if type(node) is cst.SimpleString:
        return []
    if type(node) is cst.FormattedString:
        return [p.expression for p in node.parts if type(p) is cst.FormattedStringExpression]
    if type(node) is cst.ConcatenatedString:
        left, right = _formatted_fields(node.left), _formatted_fields(node.right)
        return None if left is None or right is None else left + right
    return None


def static_text(ctx: Context, node: cst.BaseExpression) -> bool:
    """Whether a printed value is complete at trace time: a static value (a shape, a static
    argument), or text built only from such values by string methods, formatting, ``str``/
    ``repr`` and ``+``/``%`` (``name.replace("_", " ")`` on a static ``name``). A traced
    value anywhere in it (``f"{x}"``, ``"got " + str(x)``) makes it a tracer's text, though
    ``str(x)`` itself is a Python string."""
    return all(ctx.kind(value) == STATIC for value in _shown_values(ctx, node))


def shows_traced(ctx: Context, node: cst.BaseExpression) -> bool:
    """Whether some value a printed expression shows is known to be traced (its text is a
    tracer's); a value of unknown kind (a config dict's entry) is not."""
    return any(is_traced(ctx.kind(value)) for value in _shown_values(ctx, node))


def _shown_values(ctx: Context, node: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The values text shows, through the formatting, concatenation, ``str``/``repr`` and
    string methods that build it."""
    fields = _formatted_fields(node)
    if fields is not None:
        parts: list[cst.BaseExpression] = fields
    elif type(node) is cst.BinaryOperation and type(node.operator) in (cst.Add, cst.Modulo):
        parts = [node.left, node.right]
    elif isinstance(node, (cst.Tuple, cst.List)):
        parts = [e.value for e in node.elements]
    elif type(node) is cst.Call and _builds_text(ctx, node):
        parts = [a.value for a in node.args]
    else:
        yield node
        return
    for part in parts:
        yield from _shown_values(ctx, part)


def static_test(ctx: Context, test: cst.BaseExpression) -> bool:
    """A branch test whose value is known at trace time: a static value, or ``any``/``all``
    of a static test over a generator (``any(jnp.iscomplexobj(leaf) for leaf in
    tree_leaves(tree))``: a dtype test per leaf), under ``not``/``and``/``or``."""
    if ctx.kind(test) == STATIC:
        return True
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return static_test(ctx, test.expression)
    if type(test) is cst.BooleanOperation:
        return static_test(ctx, test.left) and static_test(ctx, test.right)
    if type(test) is cst.Call and ctx.qualname(test.func) in ("builtins.any", "builtins.all") \
            and len(test.args) == 1 and type(test.args[0].value) in (cst.GeneratorExp, cst.ListComp):
        return static_test(ctx, test.args[0].value.elt)  # type: ignore[attr-defined]
    return _fixed_before_trace(ctx, test)


def _fixed_before_trace(ctx: Context, test: cst.BaseExpression) -> bool:
    """A test that calls nothing and reads only names the function closes over from a
    function not traced, or module globals (``config["sampled_envs_ratio"] == 0.0`` on the
    run's config dict, in a jitted closure: Kinetix): what it reads was fixed before the
    trace began, so it is decided once, at trace time (or, on a JAX array, raises: JXP401's
    to tell)."""
    if any(type(node) is cst.Call for node in descendants(test)):
        return False
    names = free_names(test)
    if not names:
        return False
    for name in names:
        scope = ctx.scope_of(name)
        if scope == "closure":
            owner = ctx.defining_unit(name)
            info = ctx.traced_analysis.info.get(id(owner)) if owner is not None else None
            if owner is None or info is not None and info.traced:
                return False
        elif scope not in ("module", "builtin"):
            return False
    return True


# log levels that warn: a message about a condition, not a report of values
_WARNING_LEVELS = frozenset({"warning", "warn", "error", "critical", "fatal", "exception"})


def names_tested_value(ctx: Context, call: cst.Call, tests: list[cst.BaseExpression],
                       shown: list[cst.BaseExpression]) -> bool:
    """A warning (``warnings.warn``, a log at warning level or above) under static ``tests``
    that name every value it shows not known to be static: ``if dim not in
    data_array.coords: logging.warning("no coordinates for dim %s of %s", dim, data_array)``
    (graphcast). The message is about that static fact, meant once per trace; the values
    are shown to say which ones."""
    level = call.func.attr.value if type(call.func) is cst.Attribute else \
        (ctx.qualname(call.func) or "").rsplit(".", 1)[-1]
    if level not in _WARNING_LEVELS:
        return False
    tested = {name.value for test in tests if static_test(ctx, test) for name in names_in(test)}
    values = [v for node in shown for v in _shown_values(ctx, node) if ctx.kind(v) != STATIC]
    return bool(values) and all(type(v) is cst.Name and v.value in tested for v in values)


def is_deprecation_warning(call: cst.Call) -> bool:
    """``warnings.warn(msg, DeprecationWarning)`` (or ``category=``, ``FutureWarning``, a
    ``PendingDeprecationWarning(msg)`` built in place): a warning about the code, not about
    one call's values, meant to be shown once."""
    args = [a for a in call.args if a.keyword is None]
    candidates = [a.value for a in args[1:2]]
    candidates += [a.value for a in call.args if a.keyword is not None
                   and a.keyword.value == "category"]
    if args and type(args[0].value) is cst.Call:
        candidates.append(args[0].value.func)
    return any((dotted_name(c) or "").rsplit(".", 1)[-1] in DEPRECATION_CATEGORIES
               for c in candidates)


def _builds_text(ctx: Context, call: cst.Call) -> bool:
    """``str(v)``, ``repr(v)``, ``format(v)``, or a string method on static text."""
    func = call.func
    if ctx.qualname(func) in TEXT_BUILTINS:
        return True
    return type(func) is cst.Attribute and func.attr.value in STR_METHODS \
        and static_text(ctx, func.value)


def is_trace_message(call: cst.Call) -> bool:
    """A print/log whose literal text is about tracing or compiling (the retrace idiom)."""
    for arg in call.args:
        if arg.keyword is not None:
            continue
        for text in string_parts(arg.value):
            if TRACE_MESSAGE.search(text):
                return True
    return False


# ---------------------------------------------------------------------------------
# Functions that run repeatedly


def debug_print_call(ctx: Context, call: cst.Call) -> cst.Call | None:
    """The ``jax.debug.print`` equivalent of a ``print(...)`` call, or None when the call
    cannot be translated faithfully (``file=``, ``*args``, a non-literal ``sep``/``end``)."""
    sep = " "
    values: list[cst.BaseExpression] = []
    pieces: list[str] = []
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            keyword = arg.keyword.value
            if keyword == "flush":
                continue
            literal = _literal_text(arg.value)
            if keyword == "sep" and literal is not None:
                sep = literal
                continue
            if keyword == "end" and literal == "\n":
                continue
            return None
    for arg in call.args:
        if arg.keyword is not None:
            continue
        piece = _format_piece(arg.value, values)
        if piece is None:
            return None
        pieces.append(piece)
    fmt = sep.replace("{", "{{").replace("}", "}}").join(pieces)
    func = cst.Attribute(cst.Attribute(cst.Name("jax"), cst.Name("debug")), cst.Name("print"))
    args = [cst.Arg(cst.SimpleString(_quote(fmt)))] + [cst.Arg(v) for v in values]
    return cst.Call(func=func, args=args)


def _literal_text(node: cst.BaseExpression) -> str | None:
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _format_piece(node: cst.BaseExpression, values: list[cst.BaseExpression]) -> str | None:
    text = _literal_text(node)
    if text is not None:
        return text.replace("{", "{{").replace("}", "}}")
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return None  # bytes
    if type(node) is cst.FormattedString:
        return _fstring_piece(node, values)
    values.append(node)
    return "{}"


def _fstring_piece(node: cst.FormattedString, values: list[cst.BaseExpression]) -> str | None:
    prefix = node.prefix.lower().replace("f", "")
    quote = node.quote
    out: list[str] = []
    for part in node.parts:
        if type(part) is cst.FormattedStringText:
            text = _eval_text(prefix, quote, part.value)
            if text is None:
                return None
            out.append(text)  # `{{`/`}}` escapes mean the same in a format string
            continue
        if not isinstance(part, cst.FormattedStringExpression):
            return None
        if part.equal is not None:
            return None  # f"{x=}" prints the expression text too
        spec = ""
        if part.format_spec:
            texts = []
            for piece in part.format_spec:
                if not type(piece) is cst.FormattedStringText:
                    return None
                evaluated = _eval_text(prefix, quote, piece.value)
                if evaluated is None:
                    return None
                texts.append(evaluated)
            spec = ":" + "".join(texts)
        conversion = f"!{part.conversion}" if part.conversion else ""
        values.append(part.expression)
        out.append("{" + conversion + spec + "}")
    return "".join(out)


def _eval_text(prefix: str, quote: str, text: str) -> str | None:
    try:
        value = ast.literal_eval(f"{prefix}{quote}{text}{quote}")
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def _quote(text: str) -> str:
    body = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t").replace("\r", "\\r"))
    literal = f'"{body}"'
    try:
        if ast.literal_eval(literal) == text:
            return literal
    except (SyntaxError, ValueError):
        pass
    return repr(text)


# ---------------------------------------------------------------------------------
# Stores that may reach outer state: one classification shared by JXP102/103/601, so
# that each store is reported by exactly one of them.
