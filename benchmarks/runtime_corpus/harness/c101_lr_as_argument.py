from rt import *
n = "c101_lr_as_argument"; m, _, _ = load(n)
exp = 1 - 0.1 - 0.05 - 0.025
verdict(n, not np.isclose(float(m.w[0]), exp), f"w={float(m.w[0])} expected {exp}")
