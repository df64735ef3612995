from rt import *
n = "b201_board_attr_alias"; m, _, _ = load(n)
e = raises(m.TicTacToe().play, 1, 1)
verdict(n, e is not None, ename(e))
