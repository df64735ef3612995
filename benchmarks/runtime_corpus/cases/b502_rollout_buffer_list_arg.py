"""On-policy rollout collection where the jitted env step appends transitions to a list."""
import jax
import jax.numpy as jnp


def cartpole_dynamics(state, action, dt=0.02):
    x, x_dot, theta, theta_dot = state
    force = jnp.where(action == 1, 10.0, -10.0)
    theta_acc = (9.8 * jnp.sin(theta) - jnp.cos(theta) * force / 1.1) / (0.5 * (4.0 / 3.0 - 0.1 * jnp.cos(theta) ** 2 / 1.1))
    x_acc = (force + 0.05 * theta_dot ** 2 * jnp.sin(theta)) / 1.1 - 0.05 * theta_acc * jnp.cos(theta) / 1.1
    return jnp.array([x + dt * x_dot, x_dot + dt * x_acc, theta + dt * theta_dot, theta_dot + dt * theta_acc])


@jax.jit
def env_step(state, action, transitions):
    next_state = cartpole_dynamics(state, action)
    done = (jnp.abs(next_state[2]) > 0.21) | (jnp.abs(next_state[0]) > 2.4)
    reward = jnp.where(done, 0.0, 1.0)
    transitions.append((state, action, reward))  # expect: JXP502
    return next_state, done


def collect(policy_fn, state, n_steps):
    transitions = []
    for t in range(n_steps):
        action = policy_fn(state)
        state, done = env_step(state, action, transitions)
    return transitions
