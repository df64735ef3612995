from rt import *
n = "b301_rngs_same_key_dict"; m, _, _ = load(n, key_reuse=True)
e = raises(m.setup_and_run, 0, jnp.ones((1, 3)))
verdict(n, key_reuse_error(e), f"{ename(e)}: {str(e)[:120]}")
