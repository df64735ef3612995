# The pytree class of encoder.py (see its header).
import attr
import jax
import numpy as np


def _convert_to_str(element):
    if isinstance(element, (np.ndarray, bytes)):
        return element.decode("utf-8")
    return element


@jax.tree_util.register_pytree_node_class
@attr.define
class DataPoint:
    _name: str
    _location: str
    _type_: str
    data: jax.Array

    @property
    def name(self):
        return _convert_to_str(self._name)

    @property
    def location(self):
        return _convert_to_str(self._location)

    @property
    def type_(self):
        return _convert_to_str(self._type_)

    def tree_flatten(self):
        return (self.data,), (self.name, self.location, self.type_)

    @classmethod
    def tree_unflatten(cls, meta, data):
        return DataPoint(*meta, *data)
