from rt import *
n = "c502_ref_argument_accumulator"; m, _, _ = load(n)
mbs = [(jnp.eye(2), jnp.ones(2)), (2 * jnp.eye(2), jnp.ones(2))]
w = jnp.zeros(2)
got = m.accumulated_step(w, mbs)
g = sum(jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w) for x, y in mbs)
ref = w - 0.1 * g / 2
verdict(n, not np.allclose(got, ref), f"got {np.asarray(got)} ref {np.asarray(ref)}")
