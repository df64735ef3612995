from rt import *
n = "c302_fold_in_state_step"; m, _, _ = load(n, key_reuse=True)
k = jax.random.PRNGKey(0)
e = raises(m.train, k, 4)
_, masks = m.train(jax.random.PRNGKey(1), 4)
distinct = len({tuple(np.asarray(x).round(3).tolist()) for x in masks})
verdict(n, e is not None or distinct < 4, f"checker {ename(e)}; {distinct} distinct masks of 4")
