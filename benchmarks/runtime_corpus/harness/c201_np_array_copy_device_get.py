from rt import *
n = "c201_np_array_copy_device_get"; m, _, _ = load(n)
p = m.init_weights(jax.random.PRNGKey(0))
out = None
e = raises(m.prune_first_unit, p)
if e is None:
    out = m.prune_first_unit(p)
verdict(n, e is not None or float(jnp.abs(out["w"][0]).sum()) != 0.0, ename(e))
