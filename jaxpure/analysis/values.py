"""Kinds (lattice.py) and the array tables (catalog/arrays.py) under their old name.

Importers move to ``jaxpure.analysis.lattice`` and ``jaxpure.analysis.catalog.arrays`` as
the layers are built (design: analysis-layers.md, step 5), then this file goes.
"""

from __future__ import annotations

from jaxpure.analysis.catalog.arrays import *  # noqa: F401,F403
from jaxpure.analysis.catalog.arrays import STATIC_ATTRS  # noqa: F401
from jaxpure.analysis.lattice import *  # noqa: F401,F403
from jaxpure.analysis.lattice import KIND_NAMES, Kind  # noqa: F401
