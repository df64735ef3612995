# Seen in danijar/dreamerv3 embodied/jax/transform.py:42-45 and 126-129 (JXP101, JXP103).
# The function that `transform.apply` jits saves the layers module's `LAYER_CALLBACK`, sets it to a
# callback that annotates each layer's output (a sharding constraint there), traces the
# model, and sets the saved callback back. The layers read the callback at trace time,
# on purpose: it shapes the traced program, and once traced the program needs no
# callback. The module attribute is the same before and after every call, traced or
# cached, so nothing stale is kept and nothing another caller sees changes. The analysis
# takes the write for a mutation of module state that runs only at trace time, and the
# read of the old value for a global baked into the trace; it knows a saved-and-restored
# attribute of an argument (argument_attribute_swapped_and_restored) and globals scoped by
# a context manager, not a module's attribute swapped and restored by the traced
# function itself.
# Checked under jax 0.10.2: `python -m module_attribute_swapped_and_restored_in_trace.check`
# from false_positives/ passes.
