from rt import *
n = "b603_eval_factory_in_epoch_loop"; m, _, _ = load(n)
tc = TraceCounter()
with tc:
    m.fit(jnp.ones((3, 3)), jnp.ones((4, 3)), jnp.zeros(4, int), 4)
verdict(n, tc.n > 1, f"{tc.n} compiles for 4 epochs")
