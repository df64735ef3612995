from rt import *
n = "b201_self_board_jax"; m, _, _ = load(n)
b = m.Board(4); e = raises(b.place, 1, 2.0)
verdict(n, e is not None, ename(e))
