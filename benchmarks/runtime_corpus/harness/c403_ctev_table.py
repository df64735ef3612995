from rt import *
n = "c403_ctev_table"; m, _, _ = load(n)
a = float(m.cosine_lr(0)); b = float(m.cosine_lr(100))
verdict(n, abs(a - 1.0) > 1e-5 or abs(b) > 1e-5, f"{a} {b}")
