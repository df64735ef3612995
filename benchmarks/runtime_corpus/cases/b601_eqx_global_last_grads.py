import equinox as eqx
import jax
import jax.numpy as jnp
import optax

last_grads = None
optim = optax.sgd(0.1)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    global last_grads
    grads = eqx.filter_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    last_grads = grads  # expect: JXP601
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state


def grad_norm():
    leaves = jax.tree.leaves(eqx.filter(last_grads, eqx.is_array))
    return jnp.sqrt(sum(jnp.sum(g ** 2) for g in leaves))
