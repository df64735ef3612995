from rt import *
import io, contextlib
n = "b104_print_stderr"; m, _, _ = load(n)
buf = io.StringIO()
with contextlib.redirect_stderr(buf):
    for _ in range(3):
        m.check_finite(jnp.ones(2))
verdict(n, buf.getvalue().count("finite:") != 3, f"printed {buf.getvalue().count('finite:')}x")
