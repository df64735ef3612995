from rt import *
import logging
n = "c104_logger_debug_tree_shapes"; m, _, _ = load(n)
recs = []
class H(logging.Handler):
    def emit(self, r): recs.append(r.getMessage())
lg = logging.getLogger("trainer"); lg.addHandler(H()); lg.setLevel(logging.DEBUG)
p = jnp.ones(2)
for _ in range(3):
    p, _l = m.train_step(p, {"x": jnp.ones((4, 2)), "y": jnp.ones(4)})
m.train_step(p, {"x": jnp.ones((8, 2)), "y": jnp.ones(8)})
# intended: one log per trace, containing concrete shapes
ok = len(recs) == 2 and "(4, 2)" in recs[0] and "(8, 2)" in recs[1] and "Traced" not in "".join(recs)
verdict(n, not ok, f"{len(recs)} logs: {recs[:1]}")
