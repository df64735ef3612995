"""The rule framework: a rule is a small class with documentation, examples and handlers.

A rule declares ``visit_<NodeType>(self, node, ctx)`` methods for the libcst node types it
cares about. The engine walks each file once, in evaluation order, and calls every rule's
handlers with a :class:`jaxpure.analysis.context.Context` that answers the shared questions
(is this function traced, and by what? is this value traced? what does this name refer to?).
Rules report structured findings through :meth:`Rule.report`; they never format text.

The class docstring is the rule's documentation, in ruff's sections (What it does / Why is
this bad? / Known problems / Example / Use instead / Fix safety); ``VALID`` and ``INVALID``
snippets are run as tests (``tests/test_rule_examples.py``) and shown by ``jaxpure rule``.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

import libcst as cst

if TYPE_CHECKING:
    from jaxpure.analysis import Context

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Invalid:
    """An INVALID example, optionally with the source expected after fixing it."""

    code: str
    expected_fix: str | None = None


@dataclass(frozen=True)
class Replacement:
    """An autofix: replace ``node`` by ``new`` (both libcst nodes) in the source."""

    node: cst.CSTNode
    new: cst.CSTNode
    title: str
    applicability: Literal["safe", "unsafe"]


@dataclass(frozen=True)
class Report:
    code: str
    node: cst.CSTNode
    message: str
    replacement: Replacement | None = None
    # nodes whose line numbers the message cites as {line0}, {line1}, ...
    related: tuple[cst.CSTNode, ...] = ()
    # the longer explanation and the hint (a sentence or two), kept off the concise line
    detail: str = ""


SECTION_TITLES = (
    "What it does",
    "Why is this bad?",
    "Known problems",
    "Example",
    "Use instead",
    "Fix safety",
)


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    level: ClassVar[Level] = "error"
    # None when the rule never offers a fix; otherwise the best applicability it offers
    fix: ClassVar[Literal["safe", "unsafe"] | None] = None
    VALID: ClassVar[tuple[str, ...]] = ()
    INVALID: ClassVar[tuple[str | Invalid, ...]] = ()

    def report(
        self,
        ctx: Context,
        node: cst.CSTNode,
        message: str,
        replacement: Replacement | None = None,
        related: tuple[cst.CSTNode, ...] = (),
        detail: str = "",
    ) -> None:
        """Report ``node``: ``message`` says what happens and the fix in a few words (the
        concise line, about 120 characters); ``detail`` says why and how, at length."""
        ctx.add_report(Report(self.code, node, message, replacement, related, detail))

    @classmethod
    def handlers(cls) -> dict[str, str]:
        """Map libcst node class names to this rule's handler method names."""
        return {
            attr[len("visit_") :]: attr
            for attr in dir(cls)
            if attr.startswith("visit_") and callable(getattr(cls, attr))
        }

    @classmethod
    def documentation(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def sections(cls) -> dict[str, str]:
        """The docstring split into its ruff-style sections."""
        doc = cls.documentation()
        pattern = re.compile(r"^## (.+)$", re.MULTILINE)
        parts = pattern.split(doc)
        sections: dict[str, str] = {}
        for title, body in zip(parts[1::2], parts[2::2]):
            sections[title.strip()] = body.strip()
        return sections

    @classmethod
    def invalid_examples(cls) -> list[Invalid]:
        return [ex if isinstance(ex, Invalid) else Invalid(ex) for ex in cls.INVALID]
