from rt import *
import equinox as eqx
n = "b601_eqx_global_last_grads"; m, _, _ = load(n)
model = eqx.nn.Linear(3, "scalar", key=jax.random.key(0))
opt_state = m.optim.init(eqx.filter(model, eqx.is_array))
model, opt_state = m.make_step(model, opt_state, jnp.ones((4, 3)), jnp.zeros(4))
e = raises(m.grad_norm)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
