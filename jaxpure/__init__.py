"""jaxpure: a static linter for JAX purity violations."""

__version__ = "0.1.0"
