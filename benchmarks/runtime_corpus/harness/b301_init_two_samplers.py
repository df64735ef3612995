from rt import *
n = "b301_init_two_samplers"; m, e, _ = load(n, key_reuse=True)
verdict(n, key_reuse_error(e), ename(e))
