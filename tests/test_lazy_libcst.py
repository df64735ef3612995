"""The lazy ``import libcst`` of the CLI (jaxpure/lazy_libcst.py).

Imports run in fresh interpreters: the test process has the ordinary libcst already.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import libcst
import pytest

from jaxpure import lazy_libcst

DESCRIBE_PUBLIC_NAMES = """
import json, sys
if sys.argv[1] == "lazy":
    from jaxpure import lazy_libcst
    assert lazy_libcst.install()
import libcst
def describe(value):
    return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__name__)}"
print(json.dumps({name: describe(getattr(libcst, name)) for name in libcst.__all__}))
"""


def run(script: str, *args: str) -> str:
    return subprocess.run([sys.executable, "-c", script, *args],
                          capture_output=True, text=True, check=True).stdout


def test_every_public_name_is_the_one_the_ordinary_import_gives() -> None:
    lazy = json.loads(run(DESCRIBE_PUBLIC_NAMES, "lazy"))
    plain = json.loads(run(DESCRIBE_PUBLIC_NAMES, "plain"))
    assert len(plain) > 200
    assert lazy == plain


def test_parsing_imports_neither_metadata_nor_helpers() -> None:
    out = run("""
import sys
from jaxpure import lazy_libcst
lazy_libcst.install()
import libcst
libcst.parse_module("x = 1\\n").visit(libcst.CSTVisitor())
print(sorted(m for m in sys.modules if m.startswith(("libcst.metadata", "libcst.helpers"))),
      "__getattr__" in vars(libcst))
""")
    assert out.split() == ["[]", "True"]  # and the ordinary import has not been completed


def test_a_submodule_is_an_attribute_as_in_the_ordinary_import() -> None:
    out = run("""
from jaxpure import lazy_libcst
lazy_libcst.install()
import libcst
print(libcst.matchers.__name__, "__getattr__" in vars(libcst))
""")
    assert out.split() == ["libcst.matchers", "True"]


def test_a_name_outside_the_map_completes_the_ordinary_import() -> None:
    out = run("""
import sys
from jaxpure import lazy_libcst
lazy_libcst.install()
import libcst
libcst.Name("x")
version = libcst.LIBCST_VERSION  # bound in a try block: not in the map
import libcst.metadata
print(isinstance(version, str), "__getattr__" in vars(libcst), libcst.MetadataWrapper.__name__)
""")
    assert out.split() == ["True", "False", "MetadataWrapper"]


def test_an_already_imported_libcst_is_left_alone() -> None:
    assert lazy_libcst.install() is False
    assert sys.modules["libcst"] is libcst


def test_the_installed_init_is_understood() -> None:
    spec = importlib.util.find_spec("libcst")
    assert spec is not None and spec.origin is not None
    exported = lazy_libcst._exported_names(Path(spec.origin).read_text(encoding="utf-8"))
    assert exported is not None
    assert exported.names["parse_module"] == ("libcst._parser.entrypoints", "parse_module")
    assert "LIBCST_VERSION" in exported.in_try
    assert "Module" in exported.public


def test_an_unknown_name_is_missing_without_completing_the_import() -> None:
    out = run("""
from jaxpure import lazy_libcst
lazy_libcst.install()
import libcst
print(getattr(libcst, "NoSuchNode", "missing"), hasattr(libcst, "__wrapped__"),
      "__getattr__" in vars(libcst))
""")
    assert out.split() == ["missing", "False", "True"]


@pytest.mark.parametrize("statement", [
    "import os",
    "from libcst._nodes import *",
    "from . import _nodes",
    "from os import path",
    "def f():\n    pass",
    "x = 1",
    "__all__ = sorted(names)",
])
def test_an_unexpected_init_means_the_ordinary_import(statement: str) -> None:
    source = f'"""doc"""\nfrom libcst._nodes.base import CSTNode\n{statement}\n__all__ = ["CSTNode"]\n'
    assert lazy_libcst._exported_names(source) is None
