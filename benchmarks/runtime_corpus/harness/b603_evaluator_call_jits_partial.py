from rt import *
n = "b603_evaluator_call_jits_partial"; m, _, _ = load(n)
ev = m.Evaluator(jnp.eye(3), jnp.arange(3))
params = {"w": jnp.zeros((3, 3))}
gs = [{"w": jnp.ones((3, 3)) * i} for i in range(4)]
m.train(params, gs, ev)
with TraceCounter() as tc:
    m.train(params, gs, ev)
verdict(n, tc.n >= 4, f"{tc.n} compilations for 4 evaluations of the same function")
