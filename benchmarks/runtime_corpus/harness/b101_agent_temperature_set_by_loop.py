from rt import *
n = "b101_agent_temperature_set_by_loop"; m, _, _ = load(n)
agent = m.SoftQAgent(4)
params = {"w1": jax.random.normal(jax.random.PRNGKey(0), (6, 16)), "w2": jax.random.normal(jax.random.PRNGKey(1), (16, 4)) * 3}
obs = jax.random.normal(jax.random.PRNGKey(2), (4000, 6))
m.train(agent, params, [obs] * 6, jax.random.PRNGKey(3))   # temperature -> 0.05 after tracing at 1.0
a = agent.act(params, obs, jax.random.PRNGKey(9))
greedy = jnp.argmax(agent.q_values(params, obs), -1)
with jax.disable_jit():
    a_ref = agent.act(params, obs, jax.random.PRNGKey(9))
f, fr = float(jnp.mean(a != greedy)), float(jnp.mean(a_ref != greedy))
verdict(n, f > fr + 0.05, f"T={agent.temperature}: non-greedy frac jitted={f:.3f} fresh={fr:.3f}")
