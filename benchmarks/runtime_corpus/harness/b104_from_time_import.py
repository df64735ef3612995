from rt import *
import time as _t
n = "b104_from_time_import"; m, _, _ = load(n)
a = m.stamp(jnp.ones(()))["timestamp"]; _t.sleep(1.1); b = m.stamp(jnp.ones(()))["timestamp"]
verdict(n, float(a) == float(b), f"timestamps {float(a)} {float(b)}")
