"""`traced = [...]`: the project's own entry points, traced by contract (docs/traced.md)."""

from __future__ import annotations

from cli_support import run_in_process, write

from jaxpure.config import load_config

ENV = (
    "import jax.numpy as jnp\n\n\n"
    "class GridEnv:\n"
    "    def step(self, state, action, render: bool = False):\n"
    "        if render:\n"
    "            state = state + 0\n"
    "        if action > 0:\n"
    "            state = state + 1\n"
    "        return jnp.asarray(state)\n\n"
    "    def describe(self, state):\n"
    "        if state > 0:\n"
    "            return 'positive'\n"
    "        return 'other'\n"
)


def test_a_matching_method_is_traced_and_says_why(tmp_path, capsys):
    write(tmp_path, {"pyproject.toml": '[tool.jaxpure]\ntraced = ["pkg.envs.*.step"]\n',
                     "pkg/__init__.py": "", "pkg/envs/__init__.py": "", "pkg/envs/grid.py": ENV})
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", ".")
    lines = [line for line in run.out.splitlines() if "JXP" in line]
    assert len(lines) == 1, run.out  # `action > 0` in step; not the bool option, not describe
    assert "grid.py:8:" in lines[0] and "`traced`" in lines[0] and "pkg.envs.*.step" in lines[0]


def test_without_the_option_nothing_is_traced(tmp_path, capsys):
    write(tmp_path, {"pkg/__init__.py": "", "pkg/envs/__init__.py": "", "pkg/envs/grid.py": ENV})
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", ".")
    assert "JXP401" not in run.out


def test_good_patterns_are_kept(tmp_path):
    write(tmp_path, {"jaxpure.toml": 'traced = ["pkg.envs.*.step", "pkg.algos.PPO.train"]\n'})
    assert load_config(tmp_path / "jaxpure.toml").settings.traced == (
        "pkg.envs.*.step", "pkg.algos.PPO.train")
