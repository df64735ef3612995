from rt import *
n = "b502_update_or_idiom"; m, _, _ = load(n)
state = {"lr": 0.5, "params": {"w": jnp.ones(2)}}
m.train(state, [{"w": jnp.ones(2)}] * 2)
# eagerly the dict is updated in place (w = 1 - 0.5 - 0.5 = 0); under jit the caller's dict never changes
verdict(n, not np.allclose(state["params"]["w"], 0.0), f"caller params after 2 steps: {np.asarray(state['params']['w'])} (eager: [0, 0])")
