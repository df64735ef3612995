"""Which rule selectors exist, known without importing the rules (and so libcst).

Every rule lives in ``jaxpure/rules/jxpNNN_<name>.py`` (a test checks the file names agree
with the rules' ``code`` and ``name``), so listing that directory tells the configuration
and the command line which codes exist: a typo such as ``--select JPX`` is an error naming
the nearest known selector, never a run with every rule silently off.
"""

from __future__ import annotations

import difflib
import os
import re
from functools import lru_cache

_RULE_FILE = re.compile(r"^jxp(\d{3})_(\w+)\.py$")
LINTER_PREFIX = "JXP"


@lru_cache(maxsize=1)
def rule_names() -> dict[str, str]:
    """Code -> name of every rule, e.g. ``{"JXP301": "prng-key-reuse", ...}``."""
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules")
    names: dict[str, str] = {}
    for entry in sorted(os.listdir(directory)):
        match = _RULE_FILE.match(entry)
        if match:
            names[f"{LINTER_PREFIX}{match.group(1)}"] = match.group(2).replace("_", "-")
    return names


@lru_cache(maxsize=1)
def known_selectors() -> frozenset[str]:
    """``ALL``, the linter prefix, and every prefix of a rule code (``JXP3``, ``JXP30``)."""
    selectors = {"ALL", LINTER_PREFIX}
    for code in rule_names():
        selectors.update(code[:length] for length in range(len(LINTER_PREFIX), len(code) + 1))
    return frozenset(selectors)


def unknown_selector_message(selector: str) -> str | None:
    """None for a known selector, else one line naming the nearest known one."""
    if selector in known_selectors():
        return None
    candidates = sorted(known_selectors())
    # a mistyped code is most likely another code of its length (JXP310 -> JXP301)
    alike = [c for c in candidates if len(c) == len(selector)]
    nearest = difflib.get_close_matches(selector.upper(), alike, n=1, cutoff=0.5) or \
        difflib.get_close_matches(selector.upper(), candidates, n=1, cutoff=0.0)
    hint = f"; did you mean {nearest[0]!r}?" if nearest else ""
    return f"unknown rule selector {selector!r}{hint} (see `jaxpure rule --all`)"


def code_for(name_or_code: str) -> str | None:
    """A rule's code from its code (any case) or its name (``prng-key-reuse``)."""
    names = rule_names()
    if name_or_code.upper() in names:
        return name_or_code.upper()
    wanted = name_or_code.strip().lower().replace("_", "-")
    for code, name in names.items():
        if name == wanted:
            return code
    return None


def nearest_rule(name_or_code: str) -> str | None:
    """The known code or name closest to a misspelt one, for the error message."""
    names = rule_names()
    candidates = [*names, *names.values()]
    nearest = difflib.get_close_matches(name_or_code, candidates, n=1, cutoff=0.5)
    return nearest[0] if nearest else None
