from rt import *
n = "c301_split_properly"; m, e, _ = load(n, key_reuse=True)
verdict(n, e is not None, ename(e))
