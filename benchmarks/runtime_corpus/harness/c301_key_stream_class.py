from rt import *
n = "c301_key_stream_class"; m, e, _ = load(n, key_reuse=True)
ok = e is None and float(m.w[0, 0]) != float(m.b[0])
verdict(n, not ok, f"{ename(e)} w00={float(m.w[0,0]) if e is None else None}")
