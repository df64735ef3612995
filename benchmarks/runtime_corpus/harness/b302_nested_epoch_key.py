from rt import *
n = "b302_nested_epoch_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.train, jnp.ones(4), [jnp.ones((2, 4))] * 3, 2)
verdict(n, key_reuse_error(e), ename(e))
