"""The rule registry: every rule module in this package, in code order."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from jaxpure.rules.base import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    rules: list[type[Rule]] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("jxp"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Rule) and value is not Rule \
                    and getattr(value, "code", None) and value.__module__ == module.__name__:
                rules.append(value)
    return tuple(sorted(rules, key=lambda r: r.code))


def rule_by_code(code: str) -> type[Rule] | None:
    for rule in all_rules():
        if rule.code == code.upper():
            return rule
    return None
