from rt import *
n = "b601_grad_norm_history_global"; m, _, _ = load(n)
params = {"w1": jnp.ones((3, 4)) * 0.1, "w2": jnp.ones((4, 1)) * 0.1}
opt = m.optimizer.init(params)
for _ in range(3):
    params, opt, _ = m.train_step(params, opt, jnp.ones((5, 3)), jnp.zeros((5, 1)))
e = raises(m.diverging)
verdict(n, e is not None or len(m.GRAD_NORMS) != 3, f"{len(m.GRAD_NORMS)} norms recorded; {ename(e)}")
