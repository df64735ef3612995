"""Purpose-built name resolution: import aliases and dotted names, nothing more.

libcst's ScopeProvider and QualifiedNameProvider answer every scoping question Python has and
cost several times the parse. jaxpure only needs to know what a handful of imported names
refer to (``jnp`` is ``jax.numpy``, ``jit`` is ``jax.jit``), so it records import statements
itself and resolves ``Name``/``Attribute`` chains against them.
"""

from __future__ import annotations

import builtins

import libcst as cst

from jaxpure.analysis.module.module_names import resolve_relative

BUILTIN_NAMES = frozenset(dir(builtins))

# Several spellings of one API; resolution maps each to the canonical name.
CANONICAL = {
    "jax.remat": "jax.checkpoint",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.ad_checkpoint.remat": "jax.checkpoint",
    "jax.experimental.shard_map.shard_map": "jax.shard_map",
    "jax.experimental.pjit.pjit": "jax.jit",
    "jax.tree_util.tree_map": "jax.tree.map",
    "jax.tree_util.tree_map_with_path": "jax.tree.map_with_path",
    "jax.tree_util.tree_reduce": "jax.tree.reduce",
    "jax.experimental.io_callback": "jax.experimental.io_callback",
    "equinox.filter_checkpoint": "jax.checkpoint",
}
PREFIX_ALIASES = (
    ("flax.experimental.nnx.", "flax.nnx."),
    ("jax._src.numpy.lax_numpy.", "jax.numpy."),
    ("jax.random.", "jax.random."),
)


def canonical(qualname: str) -> str:
    name = CANONICAL.get(qualname)
    if name is not None:
        return name
    for old, new in PREFIX_ALIASES:
        if qualname.startswith(old) and old != new:
            return new + qualname[len(old) :]
    return qualname


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a chain of attributes on a name; None for anything else."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name:
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


def module_name_of(node: cst.Attribute | cst.Name) -> str:
    """The dotted text of an import's module (``import a.b`` / ``from a.b import c``)."""
    return dotted_name(node) or ""


class ImportTable:
    """Local name -> fully qualified name, from the import statements of one scope."""

    __slots__ = ("aliases",)

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}

    def add(self, node: cst.Import | cst.ImportFrom, package: str | None = None) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = module_name_of(alias.name)
                if alias.asname is not None and type(alias.asname.name) is cst.Name:
                    self.aliases[alias.asname.name.value] = full
                else:
                    head = full.split(".", 1)[0]
                    self.aliases[head] = head
            return
        module = module_name_of(node.module) if node.module is not None else ""
        module = resolve_relative(module, len(node.relative), package)
        if isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:
            name = dotted_name(alias.name) or ""
            full = f"{module}.{name}" if module else name
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                self.aliases[alias.asname.name.value] = full
            else:
                self.aliases[name] = full

    def add_fallback(self, node: cst.Import | cst.ImportFrom, package: str | None = None) -> None:
        """An import in an ``except ImportError`` handler: it binds only the names no
        earlier import bound (`except ImportError: import numpy as jnp` keeps jax.numpy)."""
        found = ImportTable()
        found.add(node, package)
        for name, full in found.aliases.items():
            self.aliases.setdefault(name, full)

    def lookup(self, name: str) -> str | None:
        return self.aliases.get(name)
