from rt import *
n = "c603_dict_cache_compiled_by_bucket"; m, _, _ = load(n)
tc = TraceCounter()
bs = [jnp.ones((k, 2)) for k in (3, 4, 3, 4, 3)]
m.run(jnp.ones((2, 2)), bs)
with tc:
    m.run(jnp.ones((2, 2)), bs)
verdict(n, tc.n > 0 or len(m._COMPILED) != 1, f"{tc.n} new compiles on second pass; {len(m._COMPILED)} cached entries for one bucket")
