from rt import *
n = "b103_while_body_iteration_log"; m, _, _ = load(n)
x, it = m.newton_sqrt(jnp.float32(9.0))
verdict(n, len(m.iteration_log) != int(it), f"log has {len(m.iteration_log)} entries, loop ran {int(it)} iterations")
