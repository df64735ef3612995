from rt import *
n = "c302_generator_split"; m, _, _ = load(n, key_reuse=True)
g = m.batch_stream(jax.random.PRNGKey(0), jnp.arange(100.0), 8)
e = None
try:
    bs = [next(g) for _ in range(3)]
except Exception as ex:
    e = ex
same = e is None and all(bool(jnp.all(b == bs[0])) for b in bs)
verdict(n, e is not None or same, f"{ename(e)} identical={same}")
