from rt import *
n = "b401_array_config_dict_arg"; m, _, _ = load(n)
e = raises(m.clip_update, jnp.ones(3) * 5, m.make_cfg())
verdict(n, e is not None, ename(e))
