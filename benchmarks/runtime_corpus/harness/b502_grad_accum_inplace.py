from rt import *
n = "b502_grad_accum_inplace"; m, _, _ = load(n)
w = jnp.ones(2); mb = [(jnp.ones((3, 2)), jnp.zeros(3))] * 2
got = m.train_step(w, mb)
ref = w - 0.1 * jax.grad(m.loss_fn)(w, *mb[0])
verdict(n, not np.allclose(got, ref), f"got {got} ref {ref}")
