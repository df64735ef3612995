# expect: none
# DQN: the target network is refreshed in the Python loop and passed in as an argument
# that shadows the global of the same name; stop_gradient keeps it out of the update.
import jax
import jax.numpy as jnp

gamma = 0.9
params = jnp.array([0.5, -0.5])
target_params = params


def q_values(p, obs):
    return obs @ p


@jax.jit
def td_step(params, target_params, obs, reward, next_obs):
    def loss_fn(p):
        target = reward + gamma * jnp.max(q_values(target_params, next_obs))
        target = jax.lax.stop_gradient(target)
        return (jnp.max(q_values(p, obs)) - target) ** 2

    loss, g = jax.value_and_grad(loss_fn)(params)
    return params - 0.1 * g, loss


obs = jnp.eye(2)
history = []
for step in range(6):
    params, loss = td_step(params, target_params, obs, 1.0, obs)
    history.append(float(loss))
    if step % 2 == 1:
        target_params = params
