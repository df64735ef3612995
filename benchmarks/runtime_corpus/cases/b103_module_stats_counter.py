"""Actor-critic update with a module-level statistics dict for the dashboard."""
import jax
import jax.numpy as jnp

TRAIN_STATS = {"updates": 0}


def value(params, obs):
    return jnp.squeeze(jnp.tanh(obs @ params["v1"]) @ params["v2"], -1)


def critic_loss(params, obs, returns):
    return jnp.mean((value(params, obs) - returns) ** 2)


@jax.jit
def critic_update(params, obs, returns, lr=1e-2):
    TRAIN_STATS["updates"] += 1  # expect: JXP103
    loss, grads = jax.value_and_grad(critic_loss)(params, obs, returns)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def report():
    return f"{TRAIN_STATS['updates']} critic updates"
