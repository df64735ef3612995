from rt import *
import warnings
n = "c104_warn_fp16_leaf_paths"; m, _, _ = load(n)
p = {"w": jnp.ones(3, jnp.float16), "b": jnp.ones(1)}
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    vals = [float(m.global_norm(p)) for _ in range(3)]
    msgs = [str(x.message) for x in w]
verdict(n, len(msgs) != 1 or "['w']" not in msgs[0] or not np.allclose(vals, 2.0), f"warnings={msgs} norm={vals[0]} (a static dtype warning, once per compile)")
