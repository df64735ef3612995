from rt import *
n = "c101_module_loop_rebinds_params"; m, e, _ = load(n)
ok = e is None and m.losses[0] > m.losses[1] > m.losses[2]
verdict(n, not ok, f"{ename(e)} losses {getattr(m, 'losses', None)}")
