from rt import *
n = "c201_board_numpy_copy"; m, _, _ = load(n)
g = m.Game(); e = raises(g.play, 3, 1.0)
verdict(n, e is not None or float(g.board[3]) != 1.0, ename(e))
