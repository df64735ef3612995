from rt import *
n = "c601_linen_variable_counter"; m, _, _ = load(n)
try:
    x = jnp.arange(6.0).reshape(3, 2)
    v = m.model.init(jax.random.key(0), x)
    for i in range(3):
        y, v = m.update(v, x + i)
    cnt = int(v["stats"]["count"]); tot = v["stats"]["total"]
    ref = sum((x + i).mean(0) for i in range(3))
    ok = cnt == 3 and bool(jnp.allclose(tot, ref))
    verdict(n, not ok, f"count={cnt} total={tot} ref={ref}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
