from rt import *
n = "b105_checkpoint_const_key"; m, _, _ = load(n)
w = jnp.zeros((2, 2))
a = m.forward(w, jnp.ones(2)); b = m.forward(w, jnp.ones(2) * 2)
same = bool(jnp.allclose(a, b))
verdict(n, same, f"noise identical across calls={same}: {a}")
