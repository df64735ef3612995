from rt import *
n = "c104_numpy_random_init_outside"; m, _, _ = load(n)
verdict(n, np.allclose(m.preds[0], m.preds[1]), "batches differ (numpy random outside jit)")
