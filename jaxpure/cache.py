"""A result cache: one small JSON file per (file content, settings, jaxpure build).

Layout: ``<cache dir>/v1/<key[:2]>/<key[2:]>.json``. The key hashes everything a file's
findings depend on: the content's sha256, the path relative to the project root and the
package (per-file-ignores, relative imports), ``Settings.fingerprint()``, the jaxpure
version plus a fingerprint of its own source files (so an edited rule in a development
install is never served stale results), the libcst and Python versions. Entries are
written to a temporary file and moved into place with ``os.replace``, so concurrent runs
never see half an entry; an entry that fails validation on load is treated as a miss and
rewritten. There is no locking and no index to corrupt.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from jaxpure import __version__
from jaxpure.analysis.module.json_shapes import list_of, strings
from jaxpure.analysis.module.summary import ModuleSummary, Seed
from jaxpure.analysis.module.summary_fields import SEED_FIELDS, SUMMARY_FIELDS
from jaxpure.findings import Edit, FileResult, Finding, Fix, Location

SCHEMA = 4
CACHE_DIR_NAME = ".jaxpure_cache"
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by jaxpure.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@lru_cache(maxsize=1)
def build_fingerprint() -> str:
    """Identifies the code that produces findings: versions plus jaxpure's own sources."""
    package_dir = Path(__file__).resolve().parent
    parts = [__version__, sys.version, _libcst_version()]
    for directory, dirnames, filenames in os.walk(package_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                try:
                    info = os.stat(os.path.join(directory, name))
                except OSError:
                    continue
                parts.append(f"{os.path.relpath(os.path.join(directory, name), package_dir)}:"
                             f"{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def _libcst_version() -> str:
    """Identifies the installed libcst without importing it or importlib.metadata (50 ms)."""
    from importlib.util import find_spec

    spec = find_spec("libcst")
    if spec is None or not spec.submodule_search_locations:
        return "libcst-missing"
    directory = list(spec.submodule_search_locations)[0]
    stamps = []
    for name in ("_version.py", *sorted(n for n in os.listdir(directory) if n.startswith("native"))):
        try:
            info = os.stat(os.path.join(directory, name))
        except OSError:
            continue
        stamps.append(f"{name}:{info.st_size}:{info.st_mtime_ns}")
    return ",".join(stamps)


def entry_key(content_sha: str, settings_fingerprint: str, relpath: str, package: str | None) -> str:
    text = "\0".join((str(SCHEMA), build_fingerprint(), settings_fingerprint, relpath,
                      package or "", content_sha))
    return hashlib.sha256(text.encode()).hexdigest()


class ResultCache:
    """Read and write cached FileResults. Never raises on a bad cache: it degrades to a miss."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.entries = directory / f"v{SCHEMA}"
        self.write_failed: str | None = None  # the first write error, reported once
        self.hits = 0
        self.misses = 0
        self._seeds_bad = False  # seeds.json failed validation: rewrite it

    def _entry_path(self, key: str) -> Path:
        return self.entries / key[:2] / f"{key[2:]}.json"

    def get(self, key: str, filename: str) -> FileResult | None:
        entry = self.get_entry(key, filename)
        return entry[0] if entry is not None else None

    def get_entry(self, key: str, filename: str) -> tuple[FileResult, ModuleSummary | None] | None:
        """The cached result and module summary (for analysis across modules)."""
        result, summary = None, None
        try:
            text = self._entry_path(key).read_text(encoding="utf-8")
            data = json.loads(text)
            result = decode_entry(data, key, filename)
            if result is not None and data.get("summary") is not None:
                summary = _decode_summary(data["summary"])
                if summary is None:
                    result = None  # a hit without its summary would lose findings across modules
        except (OSError, ValueError, UnicodeDecodeError, TypeError, AttributeError,
                RecursionError, MemoryError):
            result, summary = None, None  # a miss: the file is checked and the entry rewritten
        if result is None:
            self.misses += 1
            return None
        self.hits += 1
        return result, summary

    def put(self, key: str, result: FileResult, summary: ModuleSummary | None = None) -> None:
        # Results with an error (unreadable, too large, internal error) are not cached:
        # they are cheap to reproduce or should be retried after a fix.
        if result.error is not None or self.write_failed:
            return
        try:
            self._ensure_directory()
            path = self._entry_path(key)
            path.parent.mkdir(exist_ok=True)
            entry = encode_entry(key, result)
            if summary is not None:
                entry["summary"] = summary.to_json()
            atomic_write_text(path, json.dumps(entry, separators=(",", ":")))
        except OSError as error:
            self.write_failed = f"cannot write to cache directory {self.directory}: {error.strerror or error}"

    # -- seeds of the last runs, for partial runs and the flake8 plugin ------------------
    # relpath -> the seeds other files' traced code gave it, each naming its source file.
    # Seeds describe the callers, so they stay valid while the callee's content changes.
    def _seeds_path(self) -> Path:
        return self.entries / "seeds.json"

    def load_seeds(self) -> dict[str, tuple[Seed, ...]]:
        """The saved seeds; {} when there are none or the file is bad in any way (a bad
        file is then rewritten by the next save_seeds)."""
        try:
            text = self._seeds_path().read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError):
            self._seeds_bad = True
            return {}
        try:
            seeds = _decode_seeds(json.loads(text))
        except (ValueError, RecursionError, MemoryError):
            seeds = None
        if seeds is None:
            self._seeds_bad = True
            return {}
        return seeds

    def seeds_for(self, relpath: str) -> tuple[Seed, ...]:
        return self.load_seeds().get(relpath, ())

    def save_seeds(self, updates: dict[str, tuple[Seed, ...]],
                   current: dict[str, tuple[Seed, ...]] | None = None) -> None:
        """Record (or clear) the seeds of the files of a run; one small file."""
        if self.write_failed:
            return
        current = self.load_seeds() if current is None else current
        merged = dict(current)
        for relpath, seeds in updates.items():
            if seeds:
                merged[relpath] = seeds
            else:
                merged.pop(relpath, None)
        if merged == current and not self._seeds_bad:
            return
        try:
            self._ensure_directory()
            data = {relpath: [seed.to_json() for seed in seeds] for relpath, seeds in merged.items()}
            atomic_write_text(self._seeds_path(), json.dumps(data, separators=(",", ":")))
            self._seeds_bad = False
        except OSError as error:
            self.write_failed = f"cannot write to cache directory {self.directory}: {error.strerror or error}"

    def _ensure_directory(self) -> None:
        if self.entries.is_dir():
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", CACHEDIR_TAG),
                           (".gitignore", "# Automatically created by jaxpure.\n*\n")):
            if not (self.directory / name).exists():
                atomic_write_text(self.directory / name, text)
        self.entries.mkdir(exist_ok=True)


def atomic_write_text(path: Path, text: str) -> None:
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temporary, 0o644)  # mkstemp makes 0600; a cache is no secret
        os.replace(temporary, path)
    except BaseException:
        _remove_quietly(temporary)
        raise


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# --- (de)serialisation: FileResult and Finding are frozen dataclasses, encoded by hand ------

def encode_entry(key: str, result: FileResult) -> dict[str, Any]:
    return {"schema": SCHEMA, "key": key, "findings": [_encode_finding(f) for f in result.findings]}


def _encode_finding(finding: Finding) -> list[Any]:
    fix = None
    if finding.fix is not None:
        fix = [finding.fix.message, finding.fix.applicability,
               [[e.content, *_loc(e.location), *_loc(e.end_location)] for e in finding.fix.edits]]
    return [finding.code, finding.name, finding.message, *_loc(finding.location),
            *_loc(finding.end_location), fix, finding.detail]


def _loc(location: Location) -> tuple[int, int]:
    return location.row, location.column


def decode_entry(data: Any, key: str, filename: str) -> FileResult | None:
    """The FileResult stored in ``data``, or None if anything about it is off."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("key") != key:
        return None
    findings = data.get("findings")
    if not isinstance(findings, list):
        return None
    decoded = []
    for item in findings:
        finding = _decode_finding(item, filename)
        if finding is None:
            return None
        decoded.append(finding)
    return FileResult(filename, tuple(decoded))


# Summaries and seeds are validated field by field (shapes fixed, so no recursion however
# deep the JSON is) and must encode back to exactly what was read: a value of a wrong type
# anywhere is a miss, never a hit that makes the analysis across modules go wrong. A
# summary's checks are its fields' own (analysis/module/summary_fields.py).

def _decode_summary(data: Any) -> ModuleSummary | None:
    if not (list_of(data, len(SUMMARY_FIELDS))
            and all(field.valid(value) for field, value in zip(SUMMARY_FIELDS, data))):
        return None
    summary = ModuleSummary.from_json(data)
    return summary if summary.to_json() == data else None


def _decode_seeds(data: Any) -> dict[str, tuple[Seed, ...]] | None:
    if not isinstance(data, dict):
        return None
    decoded: dict[str, tuple[Seed, ...]] = {}
    for relpath, items in data.items():
        if not isinstance(items, list) or not all(map(_valid_seed, items)):
            return None
        seeds = tuple(Seed.from_json(item) for item in items)
        if [seed.to_json() for seed in seeds] != items:
            return None
        decoded[relpath] = seeds
    return decoded


def _valid_seed(item: Any) -> bool:
    return list_of(item, len(SEED_FIELDS)) and all(
        field.valid(value) for field, value in zip(SEED_FIELDS, item))


def _decode_finding(item: Any, filename: str) -> Finding | None:
    if not isinstance(item, list) or len(item) != 9:
        return None
    code, name, message, row, column, end_row, end_column, fix, detail = item
    if not (strings(code, name, message, detail)
            and _positions(row, column, end_row, end_column)):
        return None
    decoded_fix = None
    if fix is not None:
        decoded_fix = _decode_fix(fix)
        if decoded_fix is None:
            return None
    return Finding(filename, code, name, message, Location(row, column),
                   Location(end_row, end_column), decoded_fix, detail=detail)


def _decode_fix(fix: Any) -> Fix | None:
    if not isinstance(fix, list) or len(fix) != 3:
        return None
    message, applicability, edits = fix
    if not isinstance(message, str) or applicability not in ("safe", "unsafe") \
            or not isinstance(edits, list):
        return None
    decoded = []
    for edit in edits:
        if not isinstance(edit, list) or len(edit) != 5 or not isinstance(edit[0], str) \
                or not _positions(*edit[1:]):
            return None
        decoded.append(Edit(edit[0], Location(edit[1], edit[2]), Location(edit[3], edit[4])))
    return Fix(message, applicability, tuple(decoded))


def _positions(*values: Any) -> bool:
    return all(type(v) is int and v >= 0 for v in values)


def default_cache_dir(project_root: Path) -> Path:
    override = os.environ.get("JAXPURE_CACHE_DIR")
    return Path(override) if override else project_root / CACHE_DIR_NAME
