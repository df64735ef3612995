from rt import *
n = "b302_eqx_ensemble_same_key"; m, _, _ = load(n)
members = m.make_ensemble(0, 3)
p = m.ensemble_predict(members, jnp.ones(4))
verdict(n, float(jnp.std(p, axis=0).max()) == 0.0, f"ensemble predictions {np.asarray(p).ravel()}")
