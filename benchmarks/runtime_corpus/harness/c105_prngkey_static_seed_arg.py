from rt import *
n = "c105_prngkey_static_seed_arg"; m, _, _ = load(n)
a = m.init_weights(0, 3); b = m.init_weights(1, 3)
verdict(n, bool(jnp.allclose(a, b)), "seeds 0 and 1 give different weights" if not jnp.allclose(a, b) else "same")
