from rt import *
n = "c603_dict_comprehension_jit"; m, _, _ = load(n)
x = jnp.ones(3)
tc = TraceCounter()
with tc:
    m.apply_all(x, 5)
verdict(n, tc.n > 3, f"{tc.n} compiles for 3 functions x 5 steps")
