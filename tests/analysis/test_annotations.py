"""What an annotation says a value is, through the module's aliases (module/annotations.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.annotations import container_annotation
from jaxpure.analysis.module.index import build_index

SOURCE = """\
from typing import Optional
import jax
LayerCache = dict[str, jax.Array]
Cache = dict[str, LayerCache]
Tokens = jax.Array
"""


def _is_container(annotation: str) -> bool:
    index = build_index(cst.parse_module(SOURCE), None)
    return container_annotation(cst.parse_expression(annotation), index)


def test_containers_directly_optionally_and_through_aliases() -> None:
    for text in ("dict[str, int]", "typing.List[jax.Array]", "Cache | None",
                 "Optional[LayerCache]", "Cache"):
        assert _is_container(text), text


def test_arrays_and_their_aliases_are_not_containers() -> None:
    for text in ("jax.Array", "Tokens", "Tokens | None", "int | dict"):
        assert not _is_container(text), text
