from rt import *
n = "b101_global_training_flag_notebook"; m, e, _ = load(n)
got = float(m.eval_out[0, 0]); ref = 3.0
verdict(n, abs(got - ref) > 1e-6, f"eval_out={got} expected {ref} (train_out={float(m.train_out[0,0])})")
