from rt import *
n = "c603_inner_jit_in_traced_loop"; m, _, _ = load(n)
A = jnp.eye(2)
bs = [jnp.ones(2) * i for i in range(5)]
m.unrolled_solver(A, bs[0])
tc = TraceCounter()
with tc:
    outs = m.solve_many(A, bs)
verdict(n, tc.n >= 3, f"{tc.n} compiles for 5 solves")
