from rt import *
n = "b104_logging_in_cond_branch"; m, _, _ = load(n)
records = []
class H(logging.Handler):
    def emit(self, r): records.append(r.getMessage())
m.logger.addHandler(H()); m.logger.propagate = False
p = jnp.ones(2)
for _ in range(3):
    p = m.safe_update(p, jnp.array([jnp.nan, 1.0]))
verdict(n, len(records) != 3, f"{len(records)} warnings for 3 skipped updates")
