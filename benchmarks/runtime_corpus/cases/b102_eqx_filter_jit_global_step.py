import equinox as eqx
import jax
import jax.numpy as jnp
import optax

num_updates = 0
optim = optax.adam(1e-2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    global num_updates
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    num_updates += 1  # expect: JXP102
    return model, opt_state, loss


def make(key):
    model = eqx.nn.MLP(3, "scalar", 8, 1, key=key)
    return model, optim.init(eqx.filter(model, eqx.is_array))
