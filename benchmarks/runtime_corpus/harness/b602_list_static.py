from rt import *
n = "b602_list_static"; m, e, _ = load(n)
verdict(n, e is not None, ename(e))
