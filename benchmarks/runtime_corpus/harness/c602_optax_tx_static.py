from rt import *
n = "c602_optax_tx_static"; m, _, _ = load(n)
p = {"w": jnp.ones(2)}
m.run(p, p, 1)
tc = TraceCounter()
with tc:
    e = raises(m.run, p, p, 3)
verdict(n, e is not None or tc.n > 0, f"{ename(e)} compiles={tc.n} for 3 steps after warm-up")
