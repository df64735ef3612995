from rt import *
n = "c104_debug_print_ordered_in_scan"; m, _, _ = load(n)
try:
    o1 = stdout_of(m.cumulative, jnp.array([1.0, 2.0, 3.0]))
    o2 = stdout_of(m.cumulative, jnp.array([1.0, 1.0, 1.0]))
    ok = o1.count("partial sum") == 3 and "6.0" in o1 and o2.count("partial sum") == 3 and "3.0" in o2
    verdict(n, not ok, f"{o1!r} {o2!r}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
