from rt import *
n = "c301_lax_cond_key_both_branches"; m, _, _ = load(n, key_reuse=True)
try:
    q = jnp.array([0.1, 0.9, 0.3])
    acts = [int(m.epsilon_greedy(jax.random.key(i), q, 0.5)) for i in range(40)]
    greedy = int(m.epsilon_greedy(jax.random.key(0), q, 0.0))
    a = m.sample_init(jax.random.key(1), "normal"); b = m.sample_init(jax.random.key(1), "uniform")
    c = m.sample_init(jax.random.key(1), "trunc")
    ok = greedy == 1 and len(set(acts)) > 1 and a.shape == b.shape == c.shape == (4,)
    verdict(n, not ok, f"acts={sorted(set(acts))} greedy={greedy}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
