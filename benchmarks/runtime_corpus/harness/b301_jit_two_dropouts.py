from rt import *
n = "b301_jit_two_dropouts"; m, _, _ = load(n, key_reuse=True)
p = {"w1": jnp.ones((4, 4)), "w2": jnp.ones((4, 4))}
e = raises(m.mlp_forward, p, jnp.ones((2, 4)), jax.random.key(1))
verdict(n, key_reuse_error(e), ename(e))
