from rt import *
n = "b302_self_rng_langevin"; m, _, _ = load(n, key_reuse=True)
s = m.LangevinSampler(lambda x: -x, 0.01, 0)
e = raises(s.sample, jnp.zeros(3), 3)
verdict(n, key_reuse_error(e), ename(e))
