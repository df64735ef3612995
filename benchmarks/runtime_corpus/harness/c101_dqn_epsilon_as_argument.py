from rt import *
n = "c101_dqn_epsilon_as_argument"; m, _, _ = load(n)
agent = m.DQNAgent(4)
params = {"w1": jax.random.normal(jax.random.PRNGKey(0), (6, 16)), "w2": jax.random.normal(jax.random.PRNGKey(1), (16, 4))}
obs = jax.random.normal(jax.random.PRNGKey(2), (2000, 6))
agent.act(params, obs, jax.random.PRNGKey(4)); agent.decay_epsilon()
agent.epsilon = 0.0
a = agent.act(params, obs, jax.random.PRNGKey(5))
frac = float(jnp.mean(a != jnp.argmax(agent.q_values(params, obs), -1)))
verdict(n, frac > 0.0, f"non-greedy fraction at eps=0: {frac}")
