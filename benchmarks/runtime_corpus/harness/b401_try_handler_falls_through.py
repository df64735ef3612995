from rt import *
n = "b401_try_handler_falls_through"; m, _, _ = load(n)
e = raises(m.apply_gain, jnp.ones(2), 2.0)
verdict(n, e is not None, f"{ename(e)} (the handler keeps the tracer and falls through to the if)")
