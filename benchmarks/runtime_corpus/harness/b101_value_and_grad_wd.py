from rt import *
n = "b101_value_and_grad_wd"; m, _, _ = load(n)
exp = m.loss_fn(m.w0, m.x0, m.y0)
verdict(n, not np.isclose(m.loss_b, exp), f"loss_b={float(m.loss_b)} eager={float(exp)}")
