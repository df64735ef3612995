"""Shared inference: names, traced functions, traced values. Knows no rule.

Node tests are written ``type(node) is cst.Name`` rather than ``isinstance``: libcst's node
classes derive from ``abc.ABC``, so an ``isinstance`` that fails (a ``Call`` tested against
``Name``) runs ``ABCMeta.__instancecheck__``, about a million times on the benchmark corpus
and an eighth of the analysis; the concrete node classes have no subclasses. Tests against
libcst's abstract bases (``cst.BaseExpression``) keep ``isinstance``.
"""
