from rt import *
n = "b501_namedtuple_lstm_carry"; m, _, _ = load(n)
H_ = 3
p = {"wx": jnp.ones((2, 4 * H_)) * 0.1, "wh": jnp.ones((H_, 4 * H_)) * 0.1}
e = raises(m.run_lstm, p, jnp.ones((5, 2)), H_)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
