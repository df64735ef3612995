from rt import *
n = "c402_unpad_mask_arange_shape"; m, _, _ = load(n)
t = jnp.array([5, 6, 7, 0, 0]); mk = jnp.array([1, 1, 1, 0, 0])
out, L = m.trim(t, mk)
w = m.window(jnp.arange(10), 4)
ok = out.tolist() == [5, 6, 7, -1, -1] and int(L) == 3 and w.tolist() == [4, 5, 6]
verdict(n, not ok, f"{out} {L} {w}")
