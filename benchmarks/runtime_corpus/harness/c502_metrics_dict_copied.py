from rt import *
n = "c502_metrics_dict_copied"; m, _, _ = load(n)
params = {"w": jnp.zeros((3, 2)), "b": jnp.zeros(2)}
opt = m.optimizer.init(params)
e = raises(m.train_epoch, params, opt, [(jnp.ones((4, 3)), jnp.array([0, 1, 0, 1]))] * 2)
verdict(n, e is not None, ename(e))
