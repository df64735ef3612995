"""A module's dotted name, and the name a relative import gives (plain text; the prefilter
uses it without loading libcst)."""

from __future__ import annotations


def resolve_relative(module: str, level: int, package: str | None) -> str:
    """``from ..a import b`` inside package ``p.q`` names ``p.a``."""
    if level == 0:
        return module
    if package is None:
        return "." * level + module
    parts = package.split(".")
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    base = ".".join(parts)
    return f"{base}.{module}" if module else base


def module_name(package: str | None, filename: str) -> str:
    stem = filename.replace("\\", "/").rsplit("/", 1)[-1]
    stem = stem[:-3] if stem.endswith(".py") else stem.rsplit(".", 1)[0]
    if stem == "__init__":
        return package or ""
    return f"{package}.{stem}" if package else stem
