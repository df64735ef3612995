from rt import *
import equinox as eqx
n = "b101_eqx_optax_schedule_global"; m, _, _ = load(n)
model = eqx.nn.Linear(3, "scalar", key=jax.random.key(0))
opt_state = m.optim.init(eqx.filter(model, eqx.is_array))
x = jnp.ones((4, 3)); y = jnp.zeros(4)
model, opt_state = m.make_step(model, opt_state, x, y)
m.freeze_training()
w_before = model.weight
model, opt_state = m.make_step(model, opt_state, x, y)
moved = float(jnp.abs(model.weight - w_before).max())
verdict(n, moved > 0, f"weights moved by {moved} after BASE_LR set to 0")
