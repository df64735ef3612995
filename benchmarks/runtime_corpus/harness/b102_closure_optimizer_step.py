from rt import *
n = "b102_closure_optimizer_step"; m, _, _ = load(n)
grad_fn = lambda p: {"w": jnp.ones_like(p["w"])}
got = m.fit({"w": jnp.zeros(2)}, grad_fn, 4)
ref = -sum(0.5 / (s ** 0.5) for s in range(1, 5))
verdict(n, not np.allclose(got["w"], ref), f"w={float(got['w'][0]):.4f} expected {ref:.4f}")
