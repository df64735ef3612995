from rt import *
n = "c101_agent_temperature_argument"; m, _, _ = load(n)
agent = m.SoftQAgent(4)
params = {"w1": jax.random.normal(jax.random.PRNGKey(0), (6, 16)), "w2": jax.random.normal(jax.random.PRNGKey(1), (16, 4)) * 3}
obs = jax.random.normal(jax.random.PRNGKey(2), (4000, 6))
m.train(agent, params, [obs] * 6, jax.random.PRNGKey(3))
a = agent.act(params, obs, jax.random.PRNGKey(9))
with jax.disable_jit():
    a_ref = agent.act(params, obs, jax.random.PRNGKey(9))
verdict(n, bool(jnp.any(a != a_ref)), f"jitted vs eager actions differ: {int(jnp.sum(a != a_ref))}")
