from rt import *
n = "b104_linen_jit_apply_print"; m, _, _ = load(n)
v = m.policy.init(jax.random.PRNGKey(0), jnp.ones(4))
out = stdout_of(lambda: [m.act(v, jnp.full(4, float(i))) for i in range(3)])
k = out.count("policy logits")
verdict(n, k != 3 or "Traced" in out, f"{k} prints for 3 calls: {out[:120]!r}")
