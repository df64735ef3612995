from rt import *
n = "c601_model_returns_activations"; m, _, _ = load(n)
net = m.ProbedMLP(jax.random.PRNGKey(0), [3, 8, 2])
net(jnp.ones((4, 3)))
e = raises(net.hidden_norm)
verdict(n, e is not None, ename(e))
