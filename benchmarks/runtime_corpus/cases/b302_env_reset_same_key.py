import jax
import jax.numpy as jnp


class RandomWalkEnv:
    def reset(self, key):
        return jax.random.uniform(key, (2,), minval=-1.0, maxval=1.0)

    def step(self, obs, action):
        return obs + 0.1 * action


def collect_episodes(env, policy, key, num_episodes=3, horizon=5):
    episodes = []
    for ep in range(num_episodes):
        obs = env.reset(key)  # expect: JXP302
        traj = [obs]
        for t in range(horizon):
            obs = env.step(obs, policy(obs))
            traj.append(obs)
        episodes.append(jnp.stack(traj))
    return episodes
