import runpy
from rt import *
n = "c101_main_block_cli_override"
path = os.path.join(CASES, n + ".py")
import contextlib, io
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    runpy.run_path(path, run_name="__main__")
got = [eval(l) for l in buf.getvalue().splitlines() if l.startswith("[")]
ref = [jax.nn.softmax(jnp.array(b) / 2.0).tolist() for b in ([1.0, 2.0], [0.0, 4.0])]
verdict(n, not np.allclose(got, ref, atol=1e-6), f"got {got} ref {ref}")
