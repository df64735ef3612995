"""A module of a namespace package (its directory has no `__init__.py`).

Reduces multinerf-51b6573f-91 (the import half): `from internal import camera_utils`
in the pmapped train step's module is not resolved when `internal/` has no
`__init__.py`, so nothing in `camera_utils` is reached from the transform. With an
empty `internal/__init__.py` the line below is reported.
"""
import numpy as np


def convert_to_ndc(origins, directions):
    dx, dz = directions[..., 0], directions[..., 2]
    return origins, np.stack([dx / dz, dz], axis=-1)  # JXP403
