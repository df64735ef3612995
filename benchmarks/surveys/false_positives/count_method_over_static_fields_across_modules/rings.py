"""Rings: how many real numbers an element takes (efax parameter/ring.py)."""
from abc import abstractmethod

import jax.numpy as jnp


class Ring:
    @abstractmethod
    def num_elements(self, support_num_element: int) -> int:
        raise NotImplementedError

    @abstractmethod
    def flattened(self, x):
        raise NotImplementedError


class RealField(Ring):
    def num_elements(self, support_num_element: int) -> int:
        return support_num_element

    def flattened(self, x):
        return x


class ComplexField(Ring):
    def num_elements(self, support_num_element: int) -> int:
        return support_num_element * 2

    def flattened(self, x):
        return jnp.stack([x.real, x.imag], axis=-1)


real_field = RealField()
complex_field = ComplexField()
