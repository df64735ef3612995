"""The walk in evaluation order: one walker (walker.py) and its parts, each in a file."""
