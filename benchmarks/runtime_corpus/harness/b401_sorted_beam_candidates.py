from rt import *
n = "b401_sorted_beam_candidates"; m, _, _ = load(n)
e = raises(m.best_of_beams, jnp.array([0.1, 0.5, 0.2]), jnp.array([[1, 2], [3, 4], [5, 6]]))
verdict(n, e is not None, ename(e))
