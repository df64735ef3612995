"""Runtime verifier: confirm jaxpure's findings (and fixes) by running the code under jax.jit,
jax.vmap, jax.pmap and shard_map.

Importing this package does not import jax; the functions below import it when called.

    from jaxpure.verify import verify, verify_fix, Verifier, VerifyOptions
    report = verify(step, state, batch)          # default options
    report.ok, report.codes, report.checks
    report = Verifier(VerifyOptions(checks=("traces", "key-reuse"))).run(step, state, batch)
    report = verify_fix(old_step, new_step, state, batch)

The Python API runs the function in the calling process (which has already imported jax), so
the pmap checks use the caller's device count; the ``jaxpure verify`` command runs user code in
worker processes with forced CPU devices instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jaxpure.verify.options import Example, VerifyOptions
from jaxpure.verify.results import CheckResult, Report, SourceLocation

if TYPE_CHECKING:
    from jaxpure.verify.runner import Verifier

INSTALL_HINT = "jaxpure verify needs jax: pip install 'jaxpure[verify]'"

__all__ = ["CheckResult", "Example", "Report", "SourceLocation", "Verifier", "VerifyOptions",
           "verify", "verify_fix", "INSTALL_HINT"]


def _require_jax() -> None:
    try:
        import jax  # noqa: F401
    except ImportError as error:
        raise ImportError(INSTALL_HINT) from error


def verify(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Report:
    """Verify ``fn(*args, **kwargs)`` with default options (use ``Verifier(options).run`` to
    change them: every keyword here goes to ``fn``)."""
    _require_jax()
    from jaxpure.verify.runner import Verifier

    return Verifier().run(fn, *args, **kwargs)


def verify_fix(before: Callable[..., Any], after: Callable[..., Any], *args: Any, **kwargs: Any) -> Report:
    """Run ``before`` eagerly as the reference and ``after`` under eager, jit, vmap, pmap and
    shard_map; the report has every check of ``after`` plus ``fix-agrees`` results."""
    _require_jax()
    from jaxpure.verify.runner import Verifier

    return Verifier().run_fix(before, after, *args, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "Verifier":
        _require_jax()
        from jaxpure.verify.runner import Verifier

        return Verifier
    raise AttributeError(f"module 'jaxpure.verify' has no attribute {name!r}")
