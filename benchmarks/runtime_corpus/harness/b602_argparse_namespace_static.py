from rt import *
n = "b602_argparse_namespace_static"; m, _, _ = load(n)
e = raises(m.main, [])
verdict(n, e is not None, f"{ename(e)}: {str(e)[:150]}")
