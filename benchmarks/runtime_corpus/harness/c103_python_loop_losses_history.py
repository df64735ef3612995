from rt import *
n = "c103_python_loop_losses_history"; m, e, _ = load(n)
h = m.history["loss"]
verdict(n, e is not None or len(h) != 5 or not h[-1] < h[0], f"{ename(e)} losses={h}")
