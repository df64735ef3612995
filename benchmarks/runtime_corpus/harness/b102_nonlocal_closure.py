from rt import *
n = "b102_nonlocal_closure"; m, _, _ = load(n)
step, get = m.make_counter_step()
for _ in range(3):
    step(jnp.ones(2))
verdict(n, get() != 3, f"calls={get()} after 3 calls")
