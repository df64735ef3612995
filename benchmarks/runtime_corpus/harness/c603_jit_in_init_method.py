from rt import *
n = "c603_jit_in_init_method"; m, _, _ = load(n)
tc = TraceCounter()
t = m.Trainer(0.1); w0 = jnp.ones(2); batches = [jnp.ones((3, 2)) + i for i in range(4)]
with tc:
    t.fit(w0, batches)
verdict(n, tc.n > 1, f"{tc.n} compiles for 4 batches")
