"""What each JAX transformation does to the Python functions it is given.

Two properties decide which findings matter under a transform:

* ``caching``: the transform traces the body once and replays the result (jit, pmap). Stale
  globals and trace-time side effects only bite there; ``vmap`` and a bare ``grad`` re-run
  the Python body on every call.
* ``concrete``: values inside are still concrete enough for Python control flow (a bare
  ``grad`` uses JVP tracers over concrete primals), so ``if x > 0`` works.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict, Unpack


@dataclass(frozen=True)
class Transform:
    name: str
    caching: bool
    concrete: bool = False
    # Positions of the arguments that are traced functions. A negative entry marks a
    # position that holds a list/tuple of functions (lax.switch branches), as -(pos + 1).
    bodies: tuple[int, ...] = (0,)
    # "wrap": returns a transformed function (jit); "call": traces the body now (lax.scan)
    kind: str = "wrap"
    # equinox/nnx "filter" transforms treat non-array arguments as static
    filtered: bool = False
    # lax loop bodies whose carry must keep its structure
    loop: bool = False
    # not a transform: traced (by whatever traces the caller) only inside traced code,
    # like the function jax.tree.map applies to traced leaves
    inherit: bool = False
    # lax control flow keeps the traces of a body it has seen (keyed on the function
    # object): a module-level body is traced once even in eager code, a closure made per
    # call is not (checked under jax 0.10: scan, fori_loop, while_loop, cond; not lax.map)
    caches_stable_bodies: bool = False
    # the keywords naming the bodies, in the order of ``bodies`` (lax.cond's true_fun/false_fun)
    body_keywords: tuple[str, ...] = ()
    # compiles once per wrapped callable's static structure, not per function object:
    # equinox's filter_jit keys its jit by the callable's names (by the function object only
    # for a plain function) and passes the callable's non-array parts as a static argument,
    # so a fresh wrapper of an equal-structured Module (a bound method of one) is a cache hit
    keyed_by_structure: bool = False


class _Options(TypedDict, total=False):
    """The fields of ``Transform`` a table entry may set (checked against it by mypy)."""

    concrete: bool
    bodies: tuple[int, ...]
    kind: str
    filtered: bool
    loop: bool
    inherit: bool
    caches_stable_bodies: bool
    body_keywords: tuple[str, ...]
    keyed_by_structure: bool


def _t(name: str, caching: bool, **kw: Unpack[_Options]) -> tuple[str, Transform]:
    return name, Transform(name, caching, **kw)


TRANSFORMS: dict[str, Transform] = dict(
    [
        _t("jax.jit", True),
        _t("jax.pmap", True),
        _t("jax.vmap", False),
        _t("jax.grad", False, concrete=True),
        _t("jax.value_and_grad", False, concrete=True),
        # jacfwd/jacrev/hessian vmap over tangents only: primal values stay concrete
        _t("jax.jacfwd", False, concrete=True),
        _t("jax.jacrev", False, concrete=True),
        _t("jax.hessian", False, concrete=True),
        _t("jax.checkpoint", True),
        _t("jax.shard_map", False),
        _t("jax.custom_jvp", False, concrete=True),
        _t("jax.custom_vjp", False, concrete=True),
        _t("jax.make_jaxpr", False),
        _t("jax.eval_shape", False, kind="call"),
        _t("jax.lax.scan", False, kind="call", loop=True, caches_stable_bodies=True, body_keywords=("f",)),
        _t("jax.lax.fori_loop", False, bodies=(2,), kind="call", loop=True,
           caches_stable_bodies=True, body_keywords=("body_fun",)),
        _t("jax.lax.while_loop", False, bodies=(0, 1), kind="call", loop=True,
           caches_stable_bodies=True, body_keywords=("cond_fun", "body_fun")),
        _t("jax.lax.cond", False, bodies=(1, 2), kind="call", caches_stable_bodies=True, body_keywords=("true_fun", "false_fun")),
        _t("jax.lax.switch", False, bodies=(-2,), kind="call", caches_stable_bodies=True, body_keywords=("branches",)),
        _t("jax.lax.map", False, kind="call", loop=True, body_keywords=("f",)),
        _t("jax.lax.associative_scan", False, kind="call"),
        _t("jax.tree.map", False, kind="call", inherit=True),
        _t("jax.tree.map_with_path", False, kind="call", inherit=True),
        _t("jax.tree.reduce", False, kind="call", inherit=True),
        _t("equinox.filter_jit", True, filtered=True, keyed_by_structure=True),
        _t("equinox.filter_pmap", True, filtered=True),
        _t("equinox.filter_vmap", False, filtered=True),
        _t("equinox.filter_grad", False, concrete=True, filtered=True),
        _t("equinox.filter_value_and_grad", False, concrete=True, filtered=True),
        # linen's lifted jit of a module method: static_argnums/argnames as jax.jit's
        _t("flax.linen.jit", True),
        _t("flax.nnx.jit", True, filtered=True),
        _t("flax.nnx.pmap", True, filtered=True),
        _t("flax.nnx.vmap", False, filtered=True),
        _t("flax.nnx.grad", False, concrete=True, filtered=True),
        _t("flax.nnx.value_and_grad", False, concrete=True, filtered=True),
        _t("flax.nnx.remat", True, filtered=True),
        _t("flax.nnx.scan", False, filtered=True, loop=True),
        _t("flax.nnx.cond", False, bodies=(1, 2), kind="call", filtered=True),
        _t("flax.nnx.switch", False, bodies=(-2,), kind="call", filtered=True),
        _t("flax.nnx.fori_loop", False, bodies=(2,), kind="call", filtered=True, loop=True),
        _t("flax.nnx.while_loop", False, bodies=(0, 1), kind="call", filtered=True, loop=True),
    ]
)

# Transforms that trace only for shapes and structure: nothing the body computes has a value
# (a key drawn from twice under them gives no numbers twice).
SHAPE_ONLY = frozenset({"jax.eval_shape", "jax.make_jaxpr", "equinox.filter_eval_shape"})

# Transforms whose state handling makes writes to module state legal (nnx Variables).
STATEFUL_TRANSFORM_PREFIXES = ("flax.nnx.",)

# Keyword arguments naming static parameters.
STATIC_ARGNUMS = "static_argnums"
STATIC_ARGNAMES = "static_argnames"


def lookup(qualname: str, extra: dict[str, str] | None = None) -> Transform | None:
    """The transform a qualified name is, or behaves like (``extra``: the configured
    ``transforms`` table, wrapper name -> the JAX transform it wraps)."""
    found = TRANSFORMS.get(qualname)
    if found is None and extra:
        like = extra.get(qualname)
        if like is not None and like in TRANSFORMS:
            # every property of the wrapped transform, under the wrapper's name
            found = replace(TRANSFORMS[like], name=qualname)
    return found


# lax primitives that hand a key passed to them to their bodies: passing it draws from it
LAX_CONSUMERS = frozenset(
    {"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.cond",
     "jax.lax.switch", "jax.lax.map"}
)
# lax control flow primitives: their result is traced (or an array) like the values they get
CONTROL_FLOW = frozenset(
    {"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.cond",
     "jax.lax.switch", "jax.lax.map", "jax.lax.associative_scan"}
)
# transforms that run the function once per element of a batch
MAPPING_TRANSFORMS = frozenset({"jax.vmap", "jax.pmap"})
# transforms whose wrapped function receives the call's arguments one to one
# differentiating transforms trace only the arguments at ``argnums`` (default 0); the others
# reach the function as the caller gave them (`jax.grad(f)(x, 3)`: a Python int)
DIFFERENTIATING = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev",
                             "jax.hessian", "equinox.filter_grad", "equinox.filter_value_and_grad"})
ARGUMENT_PRESERVING_TRANSFORMS = frozenset({"jax.vmap", "jax.pmap", "jax.jit", "jax.checkpoint",
                                            "jax.remat", "jax.named_call"}) | DIFFERENTIATING
# lax loops whose carry keeps its pytree structure:
# primitive -> (body position, body keyword, init position, init keyword, carry param index)
CARRY_LOOPS = {
    "jax.lax.scan": (0, "f", 1, "init", 0),
    "jax.lax.fori_loop": (2, "body_fun", 3, "init_val", 1),
    "jax.lax.while_loop": (1, "body_fun", 2, "init_val", 0),
}
# lax branch primitives whose branches must return one structure
BRANCH_PRIMITIVES = frozenset({"jax.lax.cond", "jax.lax.switch"})
