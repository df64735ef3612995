"""``M(...).init(key, x)`` of a linen module of the module that reads no key
(module/keyfree_modules.py): the key stays undrawn; anything that may read the ``params``
stream keeps the init a use of the key."""

from __future__ import annotations

import pytest

from tests.analysis.harness import lines_of

HEAD = """\
import functools
from typing import Any, Sequence
import flax.linen as nn
import jax
import jax.numpy as jnp

def constant(*_):
    return jnp.zeros(())

class Free(nn.Module):
    rng: Any = None

    @nn.compact
    def __call__(self, x):
        w = jax.random.normal(self.rng, x.shape)
        return x * self.param("w", lambda *_: w) + self.param("b", constant)

"""


def reuse(classes: str, init: str = "M().init(key, x)") -> list[int]:
    source = HEAD + classes + f"""
def run(key, x):
    params = {init}
    return params, jax.random.normal(key, x.shape)
"""
    return lines_of(source)


def test_free_module_and_its_forms() -> None:
    free = "class M(Free):\n    pass\n"
    assert reuse(free) == []
    assert reuse(free, "M().init_with_output(key, x)") == []
    assert reuse(free, "M().init(rngs=key, x=x)") == []
    assert reuse("class M(Free):\n    def __call__(self, x):\n"
                 "        return functools.partial(self.apply_free, 2)(x)\n\n"
                 "    def apply_free(self, n, x):\n        return Free()(x) * n\n") == []
    assert reuse("class M(nn.Module):\n    def setup(self):\n        self.a = Free()\n"
                 "        self.b = [Free(), Free()]\n\n"
                 "    def __call__(self, x):\n        return self.a(x)\n") == []


@pytest.mark.parametrize("body", [
    "    @nn.compact\n    def __call__(self, x):\n        return nn.Dense(2)(x)\n",
    "    @nn.compact\n    def __call__(self, x):\n        return Free()(x) + self.make_rng('p')\n",
    "    @nn.compact\n    def __call__(self, x):\n        return self.param('w', nn.initializers.zeros, ())\n",
    "    @nn.compact\n    def __call__(self, x):\n        return self.param('w', lambda k: jax.random.normal(k), ())\n",
    "    block: Any = None\n\n    def __call__(self, x):\n        return self.block(x)\n",
    "    layers: Sequence[Any] = ()\n\n    def __call__(self, x):\n"
    "        for layer in self.layers:\n            x = layer(x)\n        return x\n",
    "    def __call__(self, x):\n        return helper(self, x)\n",
    "    def __call__(self, x):\n        return helper(self.param, x)\n",
    "    @nn.compact\n    def __call__(self, x):\n        return functools.reduce(dense, [1, 2], x)\n",
    "    layers: Sequence[Any] = ()\n\n"
    "    def __call__(self, x):\n        return self.layers[0].__call__(x)\n",
    "    @nn.compact\n    def __call__(self, x):\n        return nn.vmap(Free)()(x)\n",
    "    block: Any = None\n\n    def __call__(self, x):\n"
    "        return functools.partial(self.block)(x)\n",
    "    layers: Sequence[Any] = ()\n\n    def __call__(self, x):\n"
    "        return list(map(lambda layer: layer(x), self.layers))\n",
    "    def setup(self):\n        self.inner = self.other\n\n"
    "    other: Any = None\n\n    def __call__(self, x):\n        return self.inner(x)\n",
])
def test_modules_that_may_read_the_key(body: str) -> None:
    source = "def helper(module, x):\n    return x\n\n" \
             "def dense(x, n):\n    return nn.Dense(n)(x)\n\nclass M(nn.Module):\n" + body
    assert len(reuse(source)) == 1


def test_built_with_a_library_layer() -> None:
    wrap = "class M(nn.Module):\n    inner: Any = None\n\n" \
           "    def __call__(self, x):\n        return x\n"
    assert reuse(wrap, "M(inner=Free()).init(key, x)") == []
    assert len(reuse(wrap, "M(inner=nn.Dense(2)).init(key, x)")) == 1
    free = "class M(Free):\n    pass\n"
    assert reuse(free, "M().init(key, x, method=M.__call__)") == []
    assert len(reuse(free, "M().init(key, x, method=lambda m, x: m.make_rng('p'))")) == 1
    assert len(reuse(free, "M().init(key, x, method=helper)")) == 1
