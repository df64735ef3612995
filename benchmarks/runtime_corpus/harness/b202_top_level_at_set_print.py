from rt import *
n = "b202_top_level_at_set_print"; m, e, out = load(n, capture=True)
verdict(n, float(m.x[2]) != 10.0, f"x[2]={float(m.x[2])} printed {out.strip()}")
