from rt import *
n = "c101_grad_global"; m, _, _ = load(n)
verdict(n, float(m.g2) != -6.0, f"g1={float(m.g1)} g2={float(m.g2)} expected g2=-6")
