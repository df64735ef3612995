from rt import *
import logging
n = "c104_trace_logging_decorator_under_jit"; m, _, _ = load(n)
records = []
h = logging.Handler(); h.emit = records.append
m.logger.addHandler(h); m.logger.setLevel(logging.INFO)
for L in [4, 4, 6, 6, 4]:
    x = jnp.ones((L, 2))
    y = m.attention(x, x, x)
# one log line per compiled shape is exactly what a compile log is for
verdict(n, len(records) != 2 or not np.allclose(y, 1.0), f"{len(records)} log lines for 2 distinct shapes")
