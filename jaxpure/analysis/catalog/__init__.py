"""What JAX, NumPy, Flax, Equinox and Python names mean: tables and predicates on names.

The bottom layer of the analysis: it imports nothing from jaxpure, so any layer may ask it.
"""
