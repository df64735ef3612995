"""Module summaries (module/summary.py) under the name engine, runner, cache and prefilter
import them by; they change their imports to ``jaxpure.analysis.module.summary`` and this
file goes (outside analysis/, other branches own those files)."""

from __future__ import annotations

from jaxpure.analysis.module.summary import (  # noqa: F401 - re-exported
    LIBRARY_PREFIXES,
    ExternalCall,
    ModuleSummary,
    Seed,
    module_name,
    propagate,
    resolve_relative,
    seeds_fingerprint,
)
