from rt import *
n = "b603_partial_lr_per_epoch"; m, _, _ = load(n)
batches = [(jnp.ones((4, 2)), jnp.ones(4))] * 2
m.train(jnp.zeros(2), batches, 1)
with TraceCounter() as tc:
    m.train(jnp.zeros(2), batches, 4)
verdict(n, tc.n >= 4, f"{tc.n} compilations for 4 epochs (one function)")
