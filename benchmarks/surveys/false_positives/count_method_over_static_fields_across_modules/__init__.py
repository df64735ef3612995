# Seen in NeilGirdhar/efax efax/_src/structure/flattener.py:64 (1 JXP401), the remainder of
# `count_method_over_static_fields` (fixtures/surveys/, taught for a sum of the items' own
# static fields).
# `Flattener.unflatten` (reached under jit from `_flat_log_normalizer` in another module,
# through `flattener.unflatten(...)` on an argument) tests `if final_dimension_size == 0:`
# where `final_dimension_size = self.final_dimension_size()` sums
# `support.num_elements(info.dimensions)` over `self.infos` (records whose fields are all
# `field(static=True)`, declared in another module) and, for each record, over the
# `(name, support, receptacle)` triples that `parameter_supports(info.type_, fixed=False)`
# yields: a generator of another module walking `dataclasses.fields(...)` of the record's
# distribution class and yielding the `Support` objects its field metadata holds. A
# `Support.num_elements(dimensions)` is Python arithmetic on its `Ring`
# (`self.ring.num_elements(dimensions - 1)`), through abstract methods and their
# overrides. The sum is a Python int at trace time.
# What the analysis misses: that a function of another module given only static values
# (`parameter_supports(info.type_, fixed=False)`: a class, a bool) yields Python objects,
# and that a method of those objects (`Support.num_elements`, abstract, overridden in each
# support class, each calling an abstract `Ring.num_elements` of a third module) returns a
# Python int when given one. The class facts stop at the call of `parameter_supports`, a
# function of no known class (module/class_facts.py `_static`).
# (efax's traced caller leaves `raveled` False; the one here passes True, so the test runs
# in the trace, on a Python int. efax reshapes through the `xp` namespace; the `jnp.reshape`
# here is also taken for a traced shape, JXP402.)
# Checked under jax 0.10.2: `python -m count_method_over_static_fields_across_modules.check`
# (run from false_positives/) passes.
