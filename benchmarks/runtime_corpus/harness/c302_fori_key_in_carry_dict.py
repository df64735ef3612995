from rt import *
n = "c302_fori_key_in_carry_dict"; m, _, _ = load(n, key_reuse=True)
try:
    t = m.sgld(jax.random.key(0), jnp.zeros(4000), n_steps=300, lr=0.05)
    v = float(jnp.var(t))
    verdict(n, not (0.7 < v < 1.3), f"var={v:.3f}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
