from rt import *
n = "c105_eval_shape_init"; m, _, _ = load(n)
cnt = m.count_params((3, 8, 2))
p0 = m.build((3, 8, 2), 0); p1 = m.build((3, 8, 2), 1)
distinct = not np.allclose(p0[0]["w"], p1[0]["w"])
verdict(n, not (cnt == 3 * 8 + 8 + 8 * 2 + 2 and distinct), f"param count {cnt}; seeds give distinct params: {distinct}")
