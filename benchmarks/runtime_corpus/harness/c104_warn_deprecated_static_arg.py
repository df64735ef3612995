from rt import *
import warnings
n = "c104_warn_deprecated_static_arg"; m, _, _ = load(n)
logits = jnp.zeros((2, 3)); labels = jnp.array([0, 1])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    vals = [float(m.cross_entropy(logits, labels, reduction="sum_over_batch")) for _ in range(3)]
    k = len([x for x in w if issubclass(x.category, DeprecationWarning)])
# Python's default filter shows a deprecation once per location anyway: once per compilation is the intended behaviour
verdict(n, k != 1 or not np.allclose(vals, np.log(3.0)), f"deprecation warnings: {k}, values {vals}")
