from rt import *
n = "b301_self_key"; m, _, _ = load(n, key_reuse=True)
inj = m.NoiseInjector(0)
e = raises(inj, jnp.zeros(4))
verdict(n, key_reuse_error(e), ename(e))
