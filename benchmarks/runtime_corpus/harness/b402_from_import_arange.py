from rt import *
n = "b402_from_import_arange"; m, _, _ = load(n)
e = raises(m.positional_encoding, 8, dim=4)
verdict(n, e is not None, ename(e))
