from rt import *
n = "c302_nnx_rngs_stream_loop"; m, _, _ = load(n)
v = m.augment_views(jnp.zeros(3), m.nnx.Rngs(noise=0), 4)
distinct = len({tuple(np.asarray(r).round(6)) for r in v})
verdict(n, distinct != 4, f"{distinct} distinct views of 4")
