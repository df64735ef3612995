"""What the seeds say of other modules' key parameters, as the walk and the reading of a
module's helpers ask it: the functions and methods of other modules that never draw from
a key parameter (module/undrawn_keys.py builds the facts, the pipeline gives them), and
what a call passes for such a parameter.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import call_arg, keyword_arg

__all__ = ["UNREAD", "imported_undrawn", "passed_key"]

# prefixes a key parameter a method never reads (rejax's `initialize_reward_rms_state(self,
# rng)`): it is left undrawn only by a call on an instance made by calling the class, since
# a parameter annotated with the class may hold a subclass's whose method draws from it
UNREAD = "!"


def imported_undrawn(resolver: Resolver, qualname: str | None,
                     exact: bool = False) -> tuple[tuple[str, int], ...]:
    """The key parameters (with their positions) that the function or method of another
    module named ``qualname`` never draws from (module/undrawn_keys.py). The seeds name it
    as the project names its module: ``partitioning.create_partitioner().setup`` for
    paxml's ``paxml.partitioning``, a directory without ``__init__.py`` (project.py).
    ``exact``: the method is called on an instance made by calling its class
    (flag_gates.made_receiver), so the parameters it never reads count too (``UNREAD``)."""
    undrawn = resolver.memo.get("imported_undrawn_keys")
    if not undrawn or not qualname:
        return ()
    found = undrawn.get(qualname)
    if found is None:
        found = next((keys for name, keys in undrawn.items()
                      if qualname.endswith("." + name)), ())
    if any(name[0] == UNREAD for name, _ in found):
        found = tuple((name.lstrip(UNREAD), at) for name, at in found
                      if exact or name[0] != UNREAD)
    return found


def passed_key(call: cst.Call, name: str, position: int) -> cst.BaseExpression | None:
    """What ``call`` passes for the parameter ``name`` at ``position`` (-1: keyword-only);
    None when it passes it in a spread or not at all."""
    if any(arg.star for arg in call.args):
        return None
    if position >= 0:
        found = call_arg(call, position, name)
        return found
    keyword = keyword_arg(call, name)
    return keyword.value if keyword is not None else None
