from rt import *
n = "c202_fori_lambda_at"; m, _, _ = load(n)
r = jnp.array([1.0, 0.0, 2.0, 1.0])
d = m.mark_terminal(jnp.zeros(4), jnp.array([1]))
got = m.returns_jit(r, d)
ref = []; ret = 0.0
for t in reversed(range(4)):
    ret = float(r[t]) + 0.99 * ret * (1.0 - float(d[t])); ref.append(ret)
ref = ref[::-1]
verdict(n, not np.allclose(got, ref, atol=1e-5), f"got {np.asarray(got)} ref {np.round(ref, 4)} dones {np.asarray(d)}")
