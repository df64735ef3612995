from rt import *
import equinox as eqx
n = "c603_eqx_filter_jit_module_fn_in_loop"; m, _, _ = load(n)
model = eqx.nn.Linear(3, "scalar", key=jax.random.key(0))
batches = [(jnp.ones((4, 3)) * i, jnp.ones(4)) for i in range(5)]
m.evaluate(model, batches)  # warm-up: first compilation (and the eager adds)
tc = TraceCounter()
with tc:
    r = m.evaluate(model, batches)
ref = sum(m.loss(model, x, y) for x, y in batches) / 5
verdict(n, tc.n > 0 or not bool(jnp.allclose(r, ref)), f"{tc.n} compilations on a second pass over 5 batches; value ok {bool(jnp.allclose(r, ref))}")
