"""What each JAX transformation does to the Python functions it is given.

Two properties decide which findings matter under a transform:

* ``caching``: the transform traces the body once and replays the result (jit, pmap). Stale
  globals and trace-time side effects only bite there; ``vmap`` and a bare ``grad`` re-run
  the Python body on every call.
* ``concrete``: values inside are still concrete enough for Python control flow (a bare
  ``grad`` uses JVP tracers over concrete primals), so ``if x > 0`` works.
"""

from __future__ import annotations

from dataclasses import dataclass


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


def _t(name: str, caching: bool, **kw: object) -> tuple[str, Transform]:
    return name, Transform(name, caching, **kw)  # type: ignore[arg-type]


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
        _t("jax.lax.scan", False, kind="call", loop=True, caches_stable_bodies=True),
        _t("jax.lax.fori_loop", False, bodies=(2,), kind="call", loop=True,
           caches_stable_bodies=True),
        _t("jax.lax.while_loop", False, bodies=(0, 1), kind="call", loop=True,
           caches_stable_bodies=True),
        _t("jax.lax.cond", False, bodies=(1, 2), kind="call", caches_stable_bodies=True),
        _t("jax.lax.switch", False, bodies=(-2,), kind="call", caches_stable_bodies=True),
        _t("jax.lax.map", False, kind="call", loop=True),
        _t("jax.lax.associative_scan", False, kind="call"),
        _t("jax.tree.map", False, kind="call", inherit=True),
        _t("jax.tree.map_with_path", False, kind="call", inherit=True),
        _t("jax.tree.reduce", False, kind="call", inherit=True),
        _t("equinox.filter_jit", True, filtered=True),
        _t("equinox.filter_pmap", True, filtered=True),
        _t("equinox.filter_vmap", False, filtered=True),
        _t("equinox.filter_grad", False, concrete=True, filtered=True),
        _t("equinox.filter_value_and_grad", False, concrete=True, filtered=True),
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

# Transforms whose state handling makes writes to module state legal (nnx Variables).
STATEFUL_TRANSFORM_PREFIXES = ("flax.nnx.",)

# Keyword arguments naming static parameters.
STATIC_ARGNUMS = "static_argnums"
STATIC_ARGNAMES = "static_argnames"


def lookup(qualname: str, extra: dict[str, str] | None = None) -> Transform | None:
    found = TRANSFORMS.get(qualname)
    if found is None and extra:
        like = extra.get(qualname)
        if like is not None and like in TRANSFORMS:
            base = TRANSFORMS[like]
            found = Transform(qualname, base.caching, base.concrete, base.bodies, base.kind,
                              base.filtered, base.loop, base.inherit)
    return found
