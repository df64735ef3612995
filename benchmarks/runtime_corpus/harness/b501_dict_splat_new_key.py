from rt import *
n = "b501_dict_splat_new_key"; m, _, _ = load(n)
e = raises(m.track_ema, jnp.arange(4.0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
