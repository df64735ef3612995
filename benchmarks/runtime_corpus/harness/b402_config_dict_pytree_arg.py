from rt import *
n = "b402_config_dict_pytree_arg"; m, _, _ = load(n)
x = jnp.ones((1, 3, 4))
e = raises(m.attention_logits, x, x)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
