from rt import *
n = "c501_switch_dict_key_order"; m, _, _ = load(n)
e = raises(m.metrics, 1, jnp.ones(3))
verdict(n, e is not None, f"{ename(e)} {str(e)[:100] if e else m.metrics(1, jnp.ones(3))}")
