"""Shared inference: names, traced functions, traced values. Knows no rule."""
