from rt import *
n = "c301_linen_make_rng_twice"; m, _, _ = load(n, key_reuse=True)
mod = m.NoisyDropout()
def run():
    return jax.jit(lambda k: mod.apply({}, jnp.ones(4), rngs={"dropout": k}))(jax.random.key(0))
e = raises(run)
verdict(n, e is not None, f"{ename(e)} {str(e)[:80] if e else ''}")
