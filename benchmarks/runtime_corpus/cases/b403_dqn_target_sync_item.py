"""DQN learner step with periodic target-network synchronisation."""
import jax
import jax.numpy as jnp

TARGET_SYNC = 100


def q_net(params, obs):
    return jnp.tanh(obs @ params["w1"]) @ params["w2"]


def td_loss(params, target_params, obs, actions, rewards, next_obs, dones, gamma=0.99):
    q = jnp.take_along_axis(q_net(params, obs), actions[:, None], 1)[:, 0]
    target = rewards + gamma * (1 - dones) * jnp.max(q_net(target_params, next_obs), -1)
    return jnp.mean((q - jax.lax.stop_gradient(target)) ** 2)


@jax.jit
def learner_step(params, target_params, step, batch, lr=1e-3):
    loss, grads = jax.value_and_grad(td_loss)(params, target_params, *batch)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    if step.item() % TARGET_SYNC == 0:  # expect: JXP403
        target_params = params
    return params, target_params, step + 1, loss
