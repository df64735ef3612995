from rt import *
import logging
n = "b104_eval_logging_info"; m, _, _ = load(n)
records = []
class H(logging.Handler):
    def emit(self, r): records.append(r.getMessage())
m.logger.addHandler(H()); m.logger.setLevel(logging.INFO)
params = {"w": jnp.eye(3), "b": jnp.zeros(3)}
batches = [(jnp.eye(3) * (i + 1), jnp.arange(3)) for i in range(4)]
m.evaluate(params, batches)
verdict(n, len(records) != 4, f"{len(records)} log records for 4 batches: {records[:1]}")
