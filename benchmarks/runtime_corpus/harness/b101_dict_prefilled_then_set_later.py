from rt import *
n = "b101_dict_prefilled_then_set_later"; m, _, _ = load(n)
lg = jnp.array([0.0, 1.0, 2.0])
ps = m.generate([lg, lg], [1.0, 0.5])
ref = jax.nn.softmax(lg / 0.5)
verdict(n, not np.allclose(ps[1], ref, atol=1e-5), f"probs at t=0.5: {np.asarray(ps[1])} ref {np.asarray(ref)}")
