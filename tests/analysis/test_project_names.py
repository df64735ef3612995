"""The names a checked module is imported by (module/project.py): its package chain's, and
the dotted paths from the directories above it, as Python finds namespace packages (PEP 420)."""

from __future__ import annotations

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.project import import_names, seeds_by_file
from jaxpure.analysis.module.summary import ExternalCall, ModuleSummary


def test_a_module_of_a_namespace_package_is_named_from_each_directory_above_it() -> None:
    assert import_names("camera_utils", "internal/camera_utils.py") == \
        ["camera_utils", "internal.camera_utils"]
    assert import_names("camera_utils", "proj/internal/camera_utils.py") == \
        ["camera_utils", "internal.camera_utils", "proj.internal.camera_utils"]


def test_a_package_keeps_its_name_and_gains_those_of_the_source_roots_above_it() -> None:
    assert import_names("pkg.mod", "src/pkg/mod.py") == ["pkg.mod", "src.pkg.mod"]
    assert import_names("pkg", "src/pkg/__init__.py") == ["pkg", "src.pkg"]
    assert import_names("pkg.mod", "pkg/mod.py") == ["pkg.mod"]


def test_no_name_is_made_from_a_directory_python_cannot_import() -> None:
    assert import_names("utils", "my-repo/internal/utils.py") == ["utils", "internal.utils"]
    assert import_names("utils", "../elsewhere/utils.py") == ["utils", "elsewhere.utils"]
    assert import_names("train", "train.ipynb") == ["train"]


def _step(module: str, callee: str) -> ModuleSummary:
    call = ExternalCall(callee, "step", 3, "jax.pmap", "jax.pmap", "jax.pmap", (L.TRACED,), ())
    return ModuleSummary(module, frozenset({"create"}), (call,), imports_jax=True)


def _helper(module: str) -> ModuleSummary:
    return ModuleSummary(module, frozenset({"convert", "load"}), ())


def test_a_call_through_the_namespace_package_seeds_the_module() -> None:
    seeds = seeds_by_file([
        (_step("train_utils", "internal.camera_utils.convert"), "internal/train_utils.py",
         "internal/train_utils.py"),
        (_helper("camera_utils"), "internal/camera_utils.py", "internal/camera_utils.py"),
    ])
    assert seeds[0] == ()
    assert [seed.function for seed in seeds[1]] == ["convert"]


def test_two_modules_of_one_name_are_told_apart_by_their_directories() -> None:
    entries = [
        (_step("train", "internal.utils.load"), "train.py", "train.py"),
        (_helper("utils"), "internal/utils.py", "internal/utils.py"),
        (_helper("utils"), "scripts/utils.py", "scripts/utils.py"),
    ]
    assert [[seed.function for seed in found] for found in seeds_by_file(entries)] == \
        [[], ["load"], []]
    # `import utils` names neither of them: no seed is guessed
    entries[0] = (_step("train", "utils.load"), "train.py", "train.py")
    assert seeds_by_file(entries) == [(), (), ()]


def test_a_name_two_modules_claim_names_neither() -> None:
    entries = [
        (_step("train", "internal.utils.load"), "train.py", "train.py"),
        (_helper("internal.utils"), "pkg/internal/utils.py", "pkg/internal/utils.py"),
        (_helper("utils"), "internal/utils.py", "internal/utils.py"),
    ]
    # `internal.utils`: a package's module (pkg/internal/ has an __init__.py) and a
    # namespace package's; which one the step imports depends on sys.path
    assert seeds_by_file(entries) == [(), (), ()]


def test_the_arguments_that_are_jax_numpy_reach_the_seed_and_survive_json() -> None:
    call = ExternalCall("ray_utils.convert", "step", 3, "jax.pmap", "jax.pmap",
                        "jax.pmap", (L.TRACED,), (("xnp", L.STATIC),), jnp_args=("xnp",))
    step = ModuleSummary("train", frozenset({"step"}), (call,))
    assert ModuleSummary.from_json(step.to_json()) == step
    seeds = seeds_by_file([(step, "train.py", "train.py"),
                           (_helper("ray_utils"), "ray_utils.py", "ray_utils.py")])
    assert [seed.jnp_args for seed in seeds[1]] == [("xnp",)]
    assert type(seeds[1][0]).from_json(seeds[1][0].to_json()) == seeds[1][0]
