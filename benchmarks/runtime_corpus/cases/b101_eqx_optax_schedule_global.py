import equinox as eqx
import jax
import jax.numpy as jnp
import optax

BASE_LR = 0.1


def lr_schedule(count):
    return BASE_LR * jnp.minimum(1.0, (count + 1) / 10.0)  # expect: JXP101


optim = optax.sgd(learning_rate=lr_schedule)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    grads = eqx.filter_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state


def freeze_training():
    """Called when validation loss plateaus: stop updating the weights."""
    global BASE_LR
    BASE_LR = 0.0
