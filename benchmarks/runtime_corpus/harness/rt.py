"""Runtime-truth helpers shared by the per-case harnesses.

Each harness imports a case module from ../cases, exercises it, and prints one JSON
line: {"case": name, "runtime": "bug"|"clean", "detail": "..."}.
"""
import contextlib
import importlib.util
import io
import json
import logging
import os
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=4")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
_ORIG_PRNGKEY = jax.random.PRNGKey


def enable_key_reuse_checker():
    """Turn on jax_debug_key_reuse and make raw PRNGKey keys typed so it sees them."""
    jax.config.update("jax_debug_key_reuse", True)

    def typed_prngkey(seed, impl=None):
        return jax.random.wrap_key_data(_ORIG_PRNGKEY(seed))

    jax.random.PRNGKey = typed_prngkey


def load(name, key_reuse=False, capture=False):
    """Import cases/<name>.py. Returns (module, exception_or_None, captured_stdout)."""
    if key_reuse:
        enable_key_reuse_checker()
    path = os.path.join(CASES, name + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    buf = io.StringIO()
    exc = None
    with contextlib.redirect_stdout(buf):
        try:
            spec.loader.exec_module(mod)
        except Exception as e:  # module-level code may raise the JAX error itself
            exc = e
    if not capture and buf.getvalue():
        sys.stderr.write(buf.getvalue())
    return mod, exc, buf.getvalue()


def raises(fn, *args, **kw):
    """Run fn; return the exception (or None)."""
    try:
        out = fn(*args, **kw)
        jax.block_until_ready(out)
    except Exception as e:
        return e
    return None


def stdout_of(fn, *args, **kw):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        out = fn(*args, **kw)
        jax.block_until_ready(out)
        jax.effects_barrier()
    return buf.getvalue()


class TraceCounter:
    """Counts jaxpr traces (jit compilations) via jax.monitoring."""

    def __init__(self):
        self.n = 0
        self.active = False
        jax.monitoring.register_event_duration_secs_listener(self._cb)

    def _cb(self, name, dur, **kw):
        if self.active and name == "/jax/core/compile/backend_compile_duration":
            self.n += 1

    def __enter__(self):
        self.n = 0
        self.active = True
        return self

    def __exit__(self, *a):
        self.active = False


def verdict(name, bug, detail=""):
    print(json.dumps({"case": name, "runtime": "bug" if bug else "clean", "detail": str(detail)[:300]}))


def ename(e):
    return None if e is None else type(e).__name__


def key_reuse_error(e):
    return e is not None and type(e).__name__ == "KeyReuseError"
