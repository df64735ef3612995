"""navix-style environment registry filled by import-time calls (see registry.py)."""
