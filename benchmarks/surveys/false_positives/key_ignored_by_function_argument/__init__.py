# Seen in ucl-bug/jaxdf docs/notebooks/helmholtz_pinn.ipynb (code cells 10 and 11, rows 9
# and 11; 2 JXP301, examples).
# jaxdf's `Continuous.from_function(domain, init_fun, get_field, seed)`
# (jaxdf/discretization.py, another module) is `params = init_fun(seed, domain); return
# cls(params, domain=domain, get_fun=get_field)`. The notebook first builds its network
# field with an `init_params` that draws the weights from `seed`, then builds the source and
# the speed of sound the same way with the same `seed`, but with a new `def
# init_params(seed, domain): return {}`: these fields have no parameters, and the key goes
# to a function that ignores it. No second draw is made from `seed`. The analysis sees the
# key handed to `from_function`, whose summary says it passes the key on to `init_fun`, a
# parameter, and counts each call as a draw; it would have to follow the function argument
# to the caller's `init_params`. (fixtures/surveys/key_ignored_by_callee.py taught a key
# given straight to a function that ignores it.) Here the second call with the ignoring
# `init_params` is reported, as in the notebook; the notebook's first (cell 10, after the
# network's draw in cell 7) is reported too, this smaller copy does not show it.
# Checked under jax 0.10.2: `python -m key_ignored_by_function_argument.check` (run
# from false_positives/) passes.
