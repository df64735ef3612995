from rt import *
n = "c402_one_hot_static_num_classes"; m, _, _ = load(n)
lg, lb = jnp.zeros((4, 3)), jnp.array([0, 1, 2, 1])
a = m.loss_fn(lg, lb, num_classes=3); b = m.cross_entropy_from_shape(lg, lb)
ref = float(jnp.log(3.0))
verdict(n, abs(float(a) - ref) > 1e-5 or abs(float(b) - ref) > 1e-5, f"{a} {b} ref {ref}")
