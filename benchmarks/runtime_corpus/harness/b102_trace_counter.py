from rt import *
n = "b102_trace_counter"; m, _, _ = load(n)
w = jnp.ones(2)
for _ in range(3):
    w = m.train_step(w, jnp.ones(2))
verdict(n, m.num_updates != 3, f"num_updates={m.num_updates} after 3 calls")
