from rt import *
n = "c401_lax_cond_static_bool"; m, _, _ = load(n)
e = raises(m.pick_params, jnp.ones(2), jnp.zeros(2), use_ema=True)
out = m.pick_params(jnp.ones(2), jnp.zeros(2), use_ema=True)
verdict(n, e is not None or float(out[0]) != 0.0, f"{ename(e)} {out}")
