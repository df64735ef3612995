"""Hand-built findings and render options shared by the output-format tests."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from jaxpure.findings import Edit, Finding, Fix, Location
from jaxpure.output import RenderOptions

SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"

SOURCE = (
    "import jax\n"
    "def f(x):\n"
    "    x.at[0].set(1.0)\n"
    "    return x\n"
)
MESSAGE = "Result of `x.at[...].set(...)` is discarded"


def finding(
    filename: str = "pkg/model.py",
    code: str = "JXP202",
    start: tuple[int, int] = (3, 5),
    end: tuple[int, int] = (3, 21),
    message: str = MESSAGE,
    fix: Fix | None = None,
    name: str = "discarded-at-update",
) -> Finding:
    return Finding(filename, code, name, message, Location(*start), Location(*end), fix)


SAFE_FIX = Fix("Assign the result back to `x`", "safe",
               (Edit("x = x.at[0].set(1.0)", Location(3, 5), Location(3, 21)),))
UNSAFE_FIX = Fix("Use `jax.debug.print`", "unsafe",
                 (Edit("jax.debug.print", Location(3, 5), Location(3, 10)),))


def options(tmp_path: Path, **overrides) -> RenderOptions:
    return RenderOptions(root=str(tmp_path), **overrides)


@lru_cache(maxsize=1)
def sarif_validator():
    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)
