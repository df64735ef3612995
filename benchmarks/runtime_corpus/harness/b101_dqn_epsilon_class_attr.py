from rt import *
n = "b101_dqn_epsilon_class_attr"; m, _, _ = load(n)
agent = m.DQNAgent(4)
key = jax.random.PRNGKey(0)
params = {"w1": jax.random.normal(key, (6, 16)), "w2": jax.random.normal(jax.random.PRNGKey(1), (16, 4))}
obs = jax.random.normal(key, (2000, 6))
m.collect(agent, params, [obs], key)      # traced with epsilon = 1.0
agent.epsilon = 0.0                        # fully greedy by now
a = agent.act(params, obs, jax.random.PRNGKey(5))
greedy = jnp.argmax(agent.q_values(params, obs), axis=-1)
frac = float(jnp.mean(a != greedy))
verdict(n, frac > 0.1, f"epsilon=0 but fraction of non-greedy actions={frac:.2f}")
