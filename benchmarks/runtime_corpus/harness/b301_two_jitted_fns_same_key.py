from rt import *
n = "b301_two_jitted_fns_same_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.setup, 0)
verdict(n, key_reuse_error(e), ename(e))
