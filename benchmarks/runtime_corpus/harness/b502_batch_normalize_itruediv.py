from rt import *
n = "b502_batch_normalize_itruediv"; m, _, _ = load(n)
b = {"image": jnp.full((2, 2), 255.0)}
mean, mx = m.run(b)
verdict(n, float(mx) != 1.0, f"mean={float(mean)} but batch max after preprocess={float(mx)} (eager would be 1.0)")
