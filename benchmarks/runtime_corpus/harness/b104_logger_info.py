from rt import *
n = "b104_logger_info"; m, _, _ = load(n)
records = []
class H(logging.Handler):
    def emit(self, r): records.append(r.getMessage())
logging.getLogger("trainer").addHandler(H())
for _ in range(3):
    m.evaluate_jit(jnp.ones(2), jnp.ones((4, 2)))
verdict(n, len(records) != 3, f"{len(records)} log records over 3 calls: {records[:1]}")
