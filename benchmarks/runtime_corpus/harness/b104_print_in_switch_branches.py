from rt import *
n = "b104_print_in_switch_branches"; m, _, _ = load(n)
out1 = stdout_of(m.update, 1, jnp.ones(2))   # sign branch chosen, yet the sgd message prints
out2 = stdout_of(m.update, 0, jnp.ones(2))   # sgd branch chosen, nothing prints
bug = ("sgd" in out1) or ("sgd" not in out2)
verdict(n, bug, f"sign-call stdout={out1!r}; sgd-call stdout={out2!r}")
