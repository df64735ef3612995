"""Draws for structure only: a key consumption whose numbers reach nothing.

A key used twice draws the same numbers twice, which matters only if both results are
used for their numbers. Library code often runs a model or an environment once on a dummy
input only to learn the shapes of what it returns (``out = net.apply(p, key, dummy)``, then
``out.shape``, ``jnp.zeros_like(out)``, ``jax.tree.map(lambda a: a.shape, out)``,
``jax.ShapeDtypeStruct(out.shape, out.dtype)``), or keeps of a result only what its name
says is a shape (stax's ``out_shape, _ = init_fn(key, input_shape)``), then hands the key
to the real computation. Such a consumption is not a use of the key's numbers.

The question is flow-insensitive and conservative: the call's result must be bound to plain
names (or read for its structure right where it is made), and every read of those names
anywhere in the function (closures included), and of the names bound from them, must be a
structure read. A result returned, stored in an attribute or an entry, passed to any other
call, used in arithmetic or compared is a use of its numbers, and so is a result thrown
away by an expression statement (a call kept only for what it does to an object).

Also here: whether a key made in a function (``key = jax.random.key(0)``) reaches only such
calls, or only ``jax.eval_shape``/``jax.make_jaxpr`` (directly or through a lambda they
trace), where nothing is drawn at all (JXP105).

Asked only when a key is consumed a second time (or a fixed key is about to be reported),
so the parent map of a function is built for few functions.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.catalog.shapes import (
    FILL_LIKE,
    STRUCTURE_INIT_FACTORIES,
    STRUCTURE_INIT_METHODS,
    STRUCTURE_ATTRIBUTES,
    STRUCTURE_COPIES,
    STRUCTURE_FUNCTIONS,
    STRUCTURE_NAME,
    TREE_MAPS,
)
from jaxpure.analysis.catalog.random import draws_values
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS, SHAPE_ONLY
from jaxpure.analysis.module.index import ModuleIndex
from jaxpure.analysis.syntax import NODE_TYPES, CHILD_FIELDS, names_in

Qualname = Callable[[cst.BaseExpression], "str | None"]
Parents = dict[int, cst.CSTNode]

# the nodes a name is bound (or deleted) through: its reads are elsewhere
_TARGET_HOLDERS = (cst.Tuple, cst.List, cst.Element, cst.StarredElement)
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
# the containers a key may be handed on in (`rngs={"dropout": key}`, `(key, x)`)
_CONTAINERS = (cst.Element, cst.Tuple, cst.List, cst.DictElement, cst.Dict)


def parent_map(root: cst.CSTNode) -> Parents:
    """id of a node -> its parent, for every node under ``root`` (one pass)."""
    parents: Parents = {}
    stack: list[cst.CSTNode] = [root]
    while stack:
        current = stack.pop()
        for name in CHILD_FIELDS[type(current)]:
            value = getattr(current, name)
            if type(value) in NODE_TYPES:
                parents[id(value)] = current
                stack.append(value)
            elif type(value) is tuple or type(value) is list:
                for item in value:
                    if type(item) in NODE_TYPES:
                        parents[id(item)] = current
                        stack.append(item)
    return parents


class StructureUses:
    """The module's answers, memoised by node (module/facts.py holds one)."""

    def __init__(self, module: cst.Module, index: ModuleIndex, module_parents: Callable[[], Parents],
                 built_parents: Callable[[], Parents | None] = lambda: None) -> None:
        self.module = module
        self.index = index
        self._module_parents = module_parents
        self._built_parents = built_parents
        self._parents: dict[int, Parents] = {}
        self._results: dict[int, bool] = {}
        self._asking: set[int] = set()  # calls whose answer is being worked out

    def parents_in(self, scope: cst.CSTNode) -> Parents:
        """The parents of the nodes in ``scope``: the module's map when it is built
        already (the walks up from a node stop at the function or lambda it sits in, so
        the two maps give the same answers), else a map of the scope alone."""
        if scope is self.module:
            return self._module_parents()
        found = self._parents.get(id(scope)) or self._built_parents()
        if found is None:
            found = self._parents[id(scope)] = parent_map(scope)
        return found

    def result_for_structure(self, call: cst.Call, scope: cst.CSTNode, qualname: Qualname) -> bool:
        """Whether the result of ``call``, made in ``scope`` (a function, or the module for
        its top-level code), is used for its structure only (:meth:`_Reads.flows_only`)."""
        found = self._results.get(id(call))
        if found is not None:
            return found
        if id(call) in self._asking:
            return False  # asked again while answering, not through an argument: a use
        self._asking.add(id(call))
        # numbers `jax.random` draws are no shape, whatever their name (`shapes =
        # uniform(key)`); a model's output named `out_shape` is its shape
        reads = _Reads(self, scope, qualname, names_say_shape=not draws_values(qualname(call.func)))
        found = self._results[id(call)] = reads.flows_only(call, reads.structure_use)
        self._asking.discard(id(call))
        return found

    def answering(self, call: cst.Call) -> bool:
        """Whether the structure uses of ``call``'s result are being worked out now."""
        return id(call) in self._asking

    def key_for_structure(self, made: cst.Call, scope: cst.CSTNode, qualname: Qualname) -> bool:
        """Whether the key ``made`` makes (``jax.random.key(0)``, in ``scope``) reaches only
        shape-only transforms (``jax.eval_shape(model.init, key, x)``, also through a lambda
        they trace) or calls whose results are used for their structure only."""
        reads = _Reads(self, scope, qualname)
        return reads.flows_only(made, reads.key_use)


class _Reads:
    """Where values go inside one scope."""

    def __init__(self, uses: StructureUses, scope: cst.CSTNode, qualname: Qualname,
                 names_say_shape: bool = True) -> None:
        self.uses = uses
        self.names_say_shape = names_say_shape
        self.parents = uses.parents_in(scope)
        self.scope = scope
        self.qualname = qualname

    def flows_only(self, node: cst.CSTNode, use: Callable[[cst.CSTNode], bool | list[str]]) -> bool:
        """Whether ``use`` accepts the value of ``node`` where it is made and at every read of
        the names it is bound to, and of the names bound from those (``use`` answers True
        for a read that is fine, False for one that is not, or the names a read is bound to),
        and at least one read looks at it: a result nobody reads may have been made for what
        the call does to an object (``params = model.init(key, x)`` left unread stays a use)."""
        first = use(node)
        if first is True or first is False:
            return first
        pending, seen, looked = set(first), set(), False
        while pending:
            names = {n for n in pending if not (self.names_say_shape and STRUCTURE_NAME.search(n))}
            looked = looked or len(names) < len(pending)  # `out_shape, _ = init_fn(...)`
            seen |= pending
            pending, unread = set(), set(names)
            for found in names_in(self.scope):
                if found.value not in names or self.shadowed(found):
                    continue
                role = self.role(found)
                if role == "bound":
                    continue
                if role == "escapes":
                    return False
                unread.discard(found.value)
                result = use(found)
                if result is False:
                    return False
                if result is True:
                    looked = True
                else:
                    pending |= set(result) - seen
            if unread and type(self.scope) is cst.Module:
                return False  # a module's names are seen by its importers, a notebook's shown
        return looked

    def shadowed(self, name: cst.Name) -> bool:
        """Whether ``name`` sits in a function nested in the scope that has a variable of
        its own by that name (a parameter, a name it assigns): another variable."""
        parent = self.parents.get(id(name))
        while parent is not None and parent is not self.scope:
            if type(parent) is cst.FunctionDef or type(parent) is cst.Lambda:
                unit = self.uses.index.unit_for(parent)
                if unit is not None and unit.binds(name.value) \
                        and name.value not in unit.declared_nonlocal | unit.declared_global:
                    return True
            parent = self.parents.get(id(parent))
        return False

    def role(self, name: cst.Name) -> str:
        """"read", "bound" (a binding or a deletion of the name, or not the variable at
        all: ``x.name``, ``name=`` keywords) or "escapes" (``global``/``nonlocal``, an
        augmented assignment reading it)."""
        parent = self.parents.get(id(name))
        if type(parent) is cst.Attribute and parent.attr is name \
                or type(parent) is cst.Arg and parent.keyword is name \
                or type(parent) is cst.Param and parent.name is name \
                or isinstance(parent, (cst.FunctionDef, cst.ClassDef, cst.ImportAlias, cst.AsName)):
            return "bound"
        if isinstance(parent, (cst.NameItem, cst.AugAssign)):
            return "escapes"
        node: cst.CSTNode = name
        while isinstance(parent, _TARGET_HOLDERS):
            node, parent = parent, self.parents.get(id(parent))
        if type(parent) is cst.AssignTarget or type(parent) is cst.Del \
                or type(parent) is cst.AnnAssign and parent.target is node \
                or isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node \
                or type(parent) is cst.NamedExpr and parent.target is node:
            return "bound"
        return "read"

    def structure_use(self, node: cst.CSTNode) -> bool | list[str]:
        """How the value of ``node`` (a call, or a read of a name holding its result) is
        used right where it stands: True for its structure only, the names an assignment
        binds it (or a part of it) to, False for anything else."""
        selected = self.selected(node)
        while selected is not None and self.holds(*selected):
            selected = self.selected(selected[1])  # type: ignore[arg-type]
        if selected is None:
            return True
        current, parent = selected
        if type(parent) is cst.Arg and parent.value is current:
            call = self.parents.get(id(parent))
            return type(call) is cst.Call and self.structure_argument(call, parent)
        if type(parent) is cst.Return and parent.value is current:
            return self.returned_for_structure()
        return self.bound_names(current, parent)

    def returned_for_structure(self) -> bool:
        """Whether what the scope returns serves only its structure: the scope is the body
        of a lax loop (its one mention in the function around it) whose result does (a
        dummy trajectory sampled only to size a replay buffer)."""
        scope = self.scope
        if type(scope) is not cst.FunctionDef:
            return False
        around = self.uses.parents_in(self.uses.module)
        outer = around.get(id(scope))
        while outer is not None and type(outer) is not cst.FunctionDef and type(outer) is not cst.Module:
            if type(outer) is cst.ClassDef:
                return False  # a method: called through its instance, not seen here
            outer = around.get(id(outer))
        if outer is None:
            return False
        reads = _Reads(self.uses, outer, self.qualname)
        mentions = [found for found in names_in(outer) if found.value == scope.name.value
                    and found is not scope.name and reads.role(found) == "read"]
        arg = reads.parents.get(id(mentions[0])) if len(mentions) == 1 else None
        call = reads.parents.get(id(arg)) if type(arg) is cst.Arg else None
        layout = CARRY_LOOPS.get(self.qualname(call.func) or "") if type(call) is cst.Call else None
        if layout is None or type(arg) is not cst.Arg or arg.keyword is not None \
                or layout[0] >= len(call.args) or call.args[layout[0]] is not arg:  # type: ignore[union-attr]
            return False
        return self.uses.result_for_structure(call, outer, self.qualname)  # type: ignore[arg-type]

    def selected(self, node: cst.CSTNode) -> tuple[cst.CSTNode, cst.CSTNode | None] | None:
        """``node`` and its parent, after the parts of it selected (``out.logits``,
        ``out[0]``); None when a selection reads a structure attribute (``out.shape``)."""
        current = node
        parent = self.parents.get(id(current))
        while type(parent) is cst.Attribute and parent.value is current \
                or type(parent) is cst.Subscript and parent.value is current:
            if type(parent) is cst.Attribute and parent.attr.value in STRUCTURE_ATTRIBUTES:
                return None
            current, parent = parent, self.parents.get(id(parent))
        return current, parent

    @staticmethod
    def holds(value: cst.CSTNode, parent: cst.CSTNode | None) -> bool:
        """Whether ``parent`` is a display or a comprehension that holds ``value`` as one of
        its elements (``{a: env.sample(key, a) for a in agents}``, ``(obs, state)``): the
        value goes where the container goes."""
        if isinstance(parent, _CONTAINERS):
            return True
        if type(parent) is cst.DictComp:
            return parent.value is value
        return type(parent) in (cst.ListComp, cst.SetComp, cst.GeneratorExp) \
            and parent.elt is value  # type: ignore[union-attr]

    def bound_names(self, value: cst.CSTNode, parent: cst.CSTNode | None) -> bool | list[str]:
        """The names ``name = value`` / ``a, b = value`` binds; False for anything else
        (an attribute or an entry stored, a return, an expression statement)."""
        if type(parent) is cst.Assign and parent.value is value:
            targets = [t.target for t in parent.targets]
        elif type(parent) is cst.AnnAssign and parent.value is value:
            targets = [parent.target]
        else:
            return False
        names: list[str] = []
        for target in targets:
            elements = target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]
            for element in elements:
                inner = element.value if isinstance(element, cst.BaseElement) else element
                if type(inner) is not cst.Name:
                    return False
                names.append(inner.value)
        return names

    def structure_argument(self, call: cst.Call, arg: cst.Arg) -> bool | list[str]:
        """Whether ``call`` reads only the structure of its argument ``arg``; no names (a
        read that neither uses the numbers nor looks at the structure) when the value goes
        back into the call whose result is being followed (`state = step(key, state)`)."""
        qual = self.qualname(call.func) or ""
        if qual in STRUCTURE_FUNCTIONS or qual in STRUCTURE_COPIES:
            return True
        if qual in FILL_LIKE:
            return call.args[0] is arg and arg.keyword is None
        if qual in TREE_MAPS and arg.keyword is None and call.args[0] is not arg \
                and self.structure_function(call.args[0].value):
            return True
        if self.structure_init(call):
            return True
        # a call whose own result serves only its structure (a record built from the
        # values, `jax.tree.map(lambda x: x[0], t)`, an env step on a dummy state) uses
        # none of the numbers it was given
        if self.uses.answering(call):
            return []  # its own result again: the other reads decide, and one must look
        return self.uses.result_for_structure(call, self.scope, self.qualname)

    def structure_init(self, call: cst.Call) -> bool:
        """``buffer.init(example)`` of a replay buffer made by a structure-init factory
        (``buffer = fbx.make_flat_buffer(...)``, then perhaps ``buffer =
        buffer.replace(init=jax.jit(buffer.init))``), each binding of ``buffer`` in scope."""
        func = call.func
        if type(func) is not cst.Attribute or func.attr.value not in STRUCTURE_INIT_METHODS \
                or type(func.value) is not cst.Name:
            return False
        receiver = func.value.value
        made = False
        for found in names_in(self.scope):
            if found.value != receiver or self.role(found) != "bound":
                continue
            target = self.parents.get(id(found))
            assign = self.parents.get(id(target)) if type(target) is cst.AssignTarget else None
            value = assign.value if type(assign) is cst.Assign else None
            if type(value) is not cst.Call:
                return False
            qual = self.qualname(value.func) or ""
            if qual.startswith(STRUCTURE_INIT_FACTORIES):
                made = True
            elif not (type(value.func) is cst.Attribute and value.func.attr.value == "replace"
                      and type(value.func.value) is cst.Name and value.func.value.value == receiver):
                return False
        return made

    def structure_function(self, func: cst.BaseExpression) -> bool:
        """``lambda a: a.shape``, ``lambda a: jnp.zeros(a.shape, a.dtype)``,
        ``jnp.zeros_like``: a function that reads only the structure of its arguments."""
        if type(func) is cst.Lambda:
            params = {p.name.value for p in func.params.params}
            if not params or type(func.params.star_arg) is cst.Param \
                    or func.params.star_kwarg is not None or func.params.kwonly_params:
                return False
            for found in names_in(func.body):
                if found.value in params and self.role(found) == "read" \
                        and self.structure_use(found) is not True:
                    return False
            return True
        qual = self.qualname(func) or ""
        return qual in STRUCTURE_COPIES or qual in STRUCTURE_FUNCTIONS and qual != "jax.eval_shape"

    def key_use(self, node: cst.CSTNode) -> bool | list[str]:
        """How a key (``node``: the call making it, or a read of a name holding it) is
        used: True when handed, alone or in a literal container, to a shape-only transform,
        to a call under a lambda one traces, or to a call whose result is used for its
        structure only; the names it is bound to; False otherwise."""
        current: cst.CSTNode = node
        parent = self.parents.get(id(current))
        while isinstance(parent, _CONTAINERS):
            current, parent = parent, self.parents.get(id(parent))
        if type(parent) is not cst.Arg or parent.value is not current:
            return self.bound_names(current, parent) if current is node else False
        call = self.parents.get(id(parent))
        if type(call) is not cst.Call:
            return False
        return self.qualname(call.func) in SHAPE_ONLY or self.under_shape_only(call) \
            or self.uses.result_for_structure(call, self.scope, self.qualname)

    def under_shape_only(self, node: cst.CSTNode) -> bool:
        """``jax.eval_shape(lambda: model.init(key, x))``: ``node`` sits in a lambda traced
        by a shape-only transform, so what it draws is abstract."""
        parent = self.parents.get(id(node))
        while parent is not None and parent is not self.scope:
            if type(parent) is cst.Lambda:
                arg = self.parents.get(id(parent))
                call = self.parents.get(id(arg)) if type(arg) is cst.Arg else None
                return type(call) is cst.Call and self.qualname(call.func) in SHAPE_ONLY
            if isinstance(parent, _SCOPES):
                return False
            parent = self.parents.get(id(parent))
        return False
