"""Dict entries handed to methods of other modules' classes (module/entry_facts.py): the
ask reaches the module defining the method, and its answer comes back to the asker."""

from __future__ import annotations

from jaxpure.analysis.module.entry_facts import ENTRY_ASK, ENTRY_USE
from jaxpure.analysis.module.summary import ModuleSummary, Seed, propagate
from jaxpure.cache import _decode_seeds, _decode_summary

ASK = ("Cartesian", "_get_obs", 1, "['rng']")


def _module(name: str, classes, asks=(), answers=()) -> ModuleSummary:
    return ModuleSummary(name, frozenset(), (), classes=tuple(classes), entry_asks=tuple(asks),
                         entry_answers=tuple(answers))


def _seeds(*modules: ModuleSummary) -> dict[str, list[tuple[str, str, tuple]]]:
    project = {m.module: (m, m.module.replace(".", "/") + ".py", m.module.replace(".", "/") + ".py")
               for m in modules}
    return {module: [(s.function, s.via, s.entries) for s in found]
            for module, found in propagate(project).items()}


BASE = ("Base", (), ("_get_obs", "reset"))
CALLER = ("Cartesian", ("pkg.base.Base",), ("reset",))


def test_the_ask_goes_to_the_defining_module_and_the_answer_back() -> None:
    asked = _seeds(_module("pkg.base", [BASE]), _module("pkg.envs", [CALLER], [ASK]))
    assert asked == {"pkg.base": [("Base._get_obs", ENTRY_ASK, ((1, "['rng']", ""),))]}
    answered = _seeds(_module("pkg.base", [BASE], answers=[("Base", "_get_obs", 1, "['rng']", "unread")]),
                      _module("pkg.envs", [CALLER], [ASK]))
    assert answered["pkg.envs"] == [("Cartesian._get_obs", ENTRY_USE, ((1, "['rng']", "unread"),))]


def test_through_a_class_that_does_not_define_it() -> None:
    middle = ("Middle", ("pkg.base.Base",), ())
    caller = ("Cartesian", ("pkg.base.Middle",), ("reset",))
    assert _seeds(_module("pkg.base", [BASE, middle]), _module("pkg.envs", [caller], [ASK])) \
        == {"pkg.base": [("Base._get_obs", ENTRY_ASK, ((1, "['rng']", ""),))]}


def test_no_ask_when_a_subclass_overrides_or_bases_are_several() -> None:
    override = ("Peeker", ("pkg.envs.Cartesian",), ("_get_obs",))
    assert _seeds(_module("pkg.base", [BASE]), _module("pkg.envs", [CALLER, override], [ASK])) == {}
    mixed = ("Cartesian", ("pkg.base.Base", "pkg.base.Other"), ("reset",))
    other = ("Other", (), ("_get_obs",))
    assert _seeds(_module("pkg.base", [BASE, other]), _module("pkg.envs", [mixed], [ASK])) == {}


def test_asks_answers_and_their_seeds_round_trip_through_the_cache() -> None:
    summary = _module("pkg.envs", [CALLER], [ASK, ("Cartesian", "_step", "info", "['key']")],
                      [("Cartesian", "_obs", 0, "['rng']", "replaced")])
    assert _decode_summary(summary.to_json()) == summary
    seed = Seed("Base._get_obs", ENTRY_USE, None, None, "`Base._get_obs` in pkg/base.py", (), (),
                False, "pkg/base.py", entries=((1, "['rng']", "unread"), ("info", "['k']", "spent")))
    assert _decode_seeds({"pkg/envs.py": [seed.to_json()]}) == {"pkg/envs.py": (seed,)}
