from rt import *
n = "b104_scan_body_stdlib_random_helper"; m, _, _ = load(n)
t = m.simulate(jnp.float32(0.0), 6)
# x_{t} = 0.9 x_{t-1} + c with one constant c: x_t/x_{t-1} pattern; check the jitter is the same every step
c = float(t[0]); pred = [c]
for _ in range(5): pred.append(pred[-1] * 0.9 + c)
same = bool(np.allclose(np.asarray(t), pred, atol=1e-5))
verdict(n, same, f"jitter identical every step: {same}")
