from rt import *
n = "c103_pure_buffer_add_module_instance"; m, _, _ = load(n)
s = m.buffer.init()
for i in range(5):
    s, size = m.collect(s, jnp.full(2, float(i)))
ok = int(s.ptr) == 2 and int(size) == 3 and np.allclose(s.data[:, 0], [3.0, 4.0, 2.0])
verdict(n, not ok, f"ptr={int(s.ptr)} size={int(size)} data={np.asarray(s.data[:, 0])}")
