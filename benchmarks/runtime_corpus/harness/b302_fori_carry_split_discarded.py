from rt import *
n = "b302_fori_carry_split_discarded"; m, _, _ = load(n)
k = jax.random.PRNGKey(0)
# increments of step 1 and step 2 are almost equal: the same noise key is used on every step
a = m.langevin(k, jnp.zeros(3), 1); b = m.langevin(k, jnp.zeros(3), 2)
mod2, _, _ = load(n, key_reuse=True)
e = raises(mod2.langevin, jax.random.PRNGKey(0), jnp.zeros(3), 3)
verdict(n, key_reuse_error(e), f"checker: {ename(e)}; step1 inc {a}, step2 inc {b - a} (same noise)")
