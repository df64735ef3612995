"""The Python API of the runtime verifier, in this process (pmap checks skip here: one device),
and the pure-Python pieces it is built from."""

from __future__ import annotations

import dataclasses
import functools
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from jaxpure.verify import Example, Verifier, VerifyOptions, verify, verify_fix  # noqa: E402
from jaxpure.verify.errors import rule_code  # noqa: E402
from jaxpure.verify.inputs import find_examples, normalize  # noqa: E402
from jaxpure.verify.results import FAIL, PASS, CheckResult, Report  # noqa: E402
from jaxpure.verify.sourceinfo import (  # noqa: E402
    changeable_closure_names,
    changeable_module_names,
    enclosing_callable,
    line_in_loop,
)

pytestmark = pytest.mark.verify

ROOT = Path(__file__).resolve().parent.parent
QUICK = VerifyOptions(checks=("traces", "jit-agrees", "retracing", "arg-mutation"))


@functools.partial(jax.jit, static_argnums=1)
def power(x, n):
    for _ in range(n):  # needs n static
        x = x * 2.0
    return x


def test_jit_wrapped_function_keeps_its_static_argnums() -> None:
    report = verify(power, jnp.ones(3), 3)
    assert report.ok, report
    assert report.meta["static_argnums"] == [1]


def test_without_the_static_argnums_it_fails_as_jxp402() -> None:
    report = Verifier(QUICK).run(power.__wrapped__, jnp.ones(3), 3)
    assert "JXP402" in report.codes


def test_static_argnums_can_be_given_in_options() -> None:
    report = Verifier(VerifyOptions(static_argnums=(1,))).run(power.__wrapped__, jnp.ones(3), 3)
    assert report.ok, report


def test_function_keywords_never_collide_with_verifier_options() -> None:
    def scaled(x, options=1.0, checks=2.0):
        return x * options * checks

    report = verify(scaled, jnp.ones(2), options=3.0, checks=0.5)
    assert report.ok
    assert report.results("traces", "eager")[0].status == PASS


def test_report_exposes_ok_codes_and_frozen_checks() -> None:
    def bad(x):
        if x.sum() > 0:
            return x
        return -x

    report = verify(bad, jnp.ones(3))
    assert isinstance(report, Report) and not report.ok and report.codes == frozenset({"JXP401"})
    first = report.checks[0]
    assert isinstance(first, CheckResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.status = PASS  # type: ignore[misc]
    assert {c.check for c in report.checks} >= {"traces", "jit-agrees", "key-reuse", "vmap-agrees"}
    pmap = report.results("traces", "pmap")[0]
    assert pmap.status in ("skipped", FAIL)
    assert Report.from_dict(report.to_dict()) == report


def test_pmap_skip_message_is_clear_with_one_device() -> None:
    if jax.local_device_count() > 1:
        pytest.skip("this process has several devices")
    report = verify(lambda x: x * 2, jnp.ones(2))
    detail = report.results("traces", "pmap")[0].detail
    assert "only 1 device" in detail and "xla_force_host_platform_device_count" in detail


def test_verify_fix_compares_with_the_original_eagerly() -> None:
    def before(x):
        if x.sum() > 0:
            return x * 2
        return x

    def after(x):
        return jnp.where(x.sum() > 0, x * 2, x)

    report = verify_fix(before, after, jnp.arange(3.0))
    assert report.ok, report
    assert {c.transform for c in report.results("fix-agrees") if c.status == PASS} >= {"eager", "jit", "vmap"}

    def wrong(x):
        return x * 3

    assert not verify_fix(before, wrong, jnp.arange(3.0)).ok


def test_arguments_are_copied_for_every_run() -> None:
    state = {"count": jnp.int32(0)}

    def mutates(s):
        s["count"] = s["count"] + 1
        return s

    report = verify(mutates, state)
    assert "JXP502" in report.codes
    assert int(state["count"]) == 0  # the caller's object was never handed to the function


def test_typed_key_is_fresh_for_every_run() -> None:
    def sample(key):
        return jax.random.normal(key, (2,))

    key = jax.random.key(0)
    report = verify(sample, key)
    assert report.ok, report
    assert any(c.check == "key-reuse" and c.status == PASS for c in report.checks)


def test_module_state_is_restored() -> None:
    log: list[float] = []

    def appends(x):
        log.append(1.0)
        return x + len(log)

    verify(appends, jnp.ones(1))
    assert log == []


# ---------------------------------------------------------------------------------------------
# pure-Python pieces


def _raised(fn, *args):
    try:
        fn(*args)
    except Exception as error:  # noqa: BLE001
        return error
    raise AssertionError("expected an error")


@pytest.mark.parametrize("fn, args, code", [
    (lambda x: bool(x > 0), (1.0,), "JXP401"),
    (lambda x: list(range(x)), (3,), "JXP402"),
    (lambda x: jnp.zeros(x), (3,), "JXP402"),
    (lambda x: x[x > 0], (jnp.ones(3),), "JXP402"),
    (lambda x: jnp.nonzero(x), (jnp.ones(3),), "JXP402"),
    (lambda x: float(x), (1.0,), "JXP403"),
    (lambda x: __import__("numpy").asarray(x), (jnp.ones(2),), "JXP403"),
])
def test_jax_errors_map_to_rule_codes(fn, args, code) -> None:
    assert rule_code(_raised(jax.jit(fn), *args)) == code


def test_generic_errors_map_by_message() -> None:
    assert rule_code(TypeError("JAX arrays are immutable and do not support ...")) == "JXP201"
    assert rule_code(ValueError("Non-hashable static arguments are not supported")) == "JXP602"
    assert rule_code(TypeError("scan body function carry input and carry output must have the same")) == "JXP501"
    assert rule_code(Exception("Leaked trace DynamicJaxprTrace")) == "JXP601"
    assert rule_code(ValueError("something else")) is None


def test_source_facts(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(textwrap.dedent("""\
        import jax
        SCALE = 2.0
        LAYERS = [1, 2]
        lr = 0.1
        history = []
        counter = 0
        def bump():
            global counter
            counter += 1
        def record(x):
            history.append(x)
        def make(total, factor):
            def step(x):
                for i in range(3):
                    x = x + total
                return x * factor
            total = total + 1
            return step
        class Model:
            def apply(self, x):
                return x
    """))
    names = changeable_module_names(str(module))
    assert names is not None and {"counter", "history"} <= names
    assert not {"SCALE", "LAYERS", "lr"} & names
    assert changeable_closure_names(str(module), 13) == {"total"}
    assert line_in_loop(str(module), 15) and not line_in_loop(str(module), 16)
    span = enclosing_callable(str(module), 21)
    assert span is not None and span.qualname == "Model.apply"


def test_example_shapes() -> None:
    assert normalize((1, 2)) == [Example(args=(1, 2))]
    assert normalize(((1,), {"k": 2})) == [Example(args=(1,), kwargs={"k": 2})]
    assert normalize({"count": 0}) == [Example(args=({"count": 0},))]
    assert len(normalize([(1,), (2,)])) == 2

    class Module:
        EXAMPLES = {"bad::f": lambda: (1,), "f": lambda: (2,), "g": (3,)}

    assert find_examples(Module, "f", "bad") == [Example(args=(1,))]
    assert find_examples(Module, "f", "fixed") == [Example(args=(2,))]
    assert find_examples(Module, "g", "x") == [Example(args=(3,))]
    assert find_examples(Module, "h", "x") is None


def test_importing_the_verifier_does_not_import_jax() -> None:
    code = "import sys, jaxpure.verify, jaxpure.verify.cli; assert 'jax' not in sys.modules, 'jax imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_static_check_never_imports_the_verifier() -> None:
    code = ("import sys; from jaxpure.cli import main; main(['check', '--no-cache', 'fixtures/jxp101.py']);"
            "bad = [m for m in sys.modules if m.startswith('jaxpure.verify') or m == 'jax'];"
            "assert not bad, bad")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert "AssertionError" not in done.stderr, done.stderr


def test_trace_time_logging_is_jxp104_with_its_line() -> None:
    import logging

    logger = logging.getLogger("user.model")

    def logs(x):
        logger.info("step %s", x)
        return x * 2

    report = verify(logs, jnp.ones(2))
    assert "JXP104" in report.codes, report
    result = report.confirmed("JXP104")[0]
    assert "logs 3 record(s)" in result.detail and result.location is not None
    assert result.location.line == logs.__code__.co_firstlineno + 1


def test_time_read_at_trace_time_is_jxp104() -> None:
    import time

    def stamped(x):
        return x + (time.perf_counter_ns() % 997)  # varies from call to call

    assert "JXP104" in verify(stamped, jnp.zeros(2)).codes


def test_nonlocal_write_is_jxp102() -> None:
    def make():
        count = 0

        def step(x):
            nonlocal count
            count += 1
            return x * 2

        return step

    report = verify(make(), jnp.ones(2))
    assert "JXP102" in report.codes, report
    assert "nonlocal `count`" in report.confirmed("JXP102")[0].detail


def test_jax_debug_print_is_not_a_side_effect() -> None:
    def prints(x):
        jax.debug.print("x = {}", x)
        return x * 2

    report = Verifier(VerifyOptions(checks=("side-effects",))).run(prints, jnp.ones(2))
    assert report.ok, report


def test_pmap_wrapped_step_with_collectives_runs_on_one_example() -> None:
    @functools.partial(jax.pmap, axis_name="batch")
    def step(w, x):
        grad = jax.lax.pmean(x * w, "batch")
        return w - 0.1 * grad

    report = verify(step, jnp.ones(3), jnp.arange(3.0))
    assert report.ok, report
    passed = {c.transform for c in report.results("traces") if c.status == PASS}
    assert {"eager", "jit", "vmap"} <= passed
