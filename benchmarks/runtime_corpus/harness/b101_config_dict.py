from rt import *
n = "b101_config_dict"; m, _, _ = load(n)
x = jnp.ones(3)
m.forward_jit(x)
m.update_config(scale=5.0)
got = m.forward_jit(x); exp = m.forward(x)
verdict(n, not np.allclose(got, exp), f"jit={got[0]} eager={exp[0]}")
