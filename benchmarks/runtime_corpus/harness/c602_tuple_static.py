from rt import *
n = "c602_tuple_static"; m, e, _ = load(n)
verdict(n, e is not None, ename(e))
