from rt import *
import tempfile
n = "c301_key_data_checkpoint"; m, _, _ = load(n, key_reuse=True)
path = tempfile.mktemp()
e = raises(m.train, jnp.zeros(3), jax.random.PRNGKey(0), 3, path)
verdict(n, e is not None, ename(e))
