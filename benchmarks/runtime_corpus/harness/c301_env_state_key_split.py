from rt import *
n = "c301_env_state_key_split"; m, _, _ = load(n, key_reuse=True)
s = m.reset(jax.random.PRNGKey(0))
def run():
    st = s
    for a in range(3):
        st, r, d = m.step(st, jnp.int32(a))
    return r
e = raises(run)
verdict(n, e is not None, ename(e))
