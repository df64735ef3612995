from rt import *
n = "c301_hk_next_rng_key_twice"; m, _, _ = load(n, key_reuse=True)
def run():
    p = m.aug.init(jax.random.key(0), jnp.ones(4))
    return jax.jit(m.aug.apply)(p, jax.random.key(1), jnp.ones(4))
e = raises(run)
verdict(n, e is not None, f"{ename(e)} {str(e)[:80] if e else ''}")
