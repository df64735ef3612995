from rt import *
n = "c104_debug_print_switch_branch"; m, _, _ = load(n)
out1 = stdout_of(m.update, 1, jnp.ones(2)); out2 = stdout_of(m.update, 0, jnp.ones(2))
ok = out1.strip() == "using sign update" and out2.strip() == "using sgd update"
verdict(n, not ok, f"{out1!r} {out2!r}")
