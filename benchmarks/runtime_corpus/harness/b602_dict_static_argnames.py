from rt import *
n = "b602_dict_static_argnames"; m, e, _ = load(n)
verdict(n, e is not None, ename(e))
