# Seen in NX-AI/xlstm-jax tests/models/xlstm_clean/test_xlstm_single_device.py:198-204
# (JXP301, a test). `bias_linspace_init(start, end)` (xlstm_jax/models/xlstm_clean/components/
# init.py, another module) returns an initializer `init_fn(key, shape, dtype)` that never
# reads its key: the values are `jnp.linspace(start, end, num=shape[0])`. The test calls
# the returned `init_fn` with one key for several shapes; nothing is drawn from it, so
# nothing repeats. Defined in the same module the closure is followed and nothing is
# reported; imported from another module, the analysis counts the key as consumed.
# Checked under jax 0.10.2: `python -m key_ignored_by_closure_from_other_module.check`
# (run from false_positives/) passes.
