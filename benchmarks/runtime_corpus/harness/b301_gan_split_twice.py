from rt import *
n = "b301_gan_split_twice"; m, _, _ = load(n)
gp = jnp.ones((4, 3)) * 0.1; dp = jnp.ones((3, 1)) * 0.1
_, _, zd, zg = m.gan_step_jit(gp, dp, jnp.ones((2, 3)), jax.random.key(0))
same = bool(jnp.array_equal(zd, zg))
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.gan_step, gp, dp, jnp.ones((2, 3)), jax.random.PRNGKey(0))
verdict(n, same or key_reuse_error(e), f"z for D step == z for G step: {same}; checker: {ename(e)}")
