from rt import *
n = "b104_print_scan_body"; m, _, _ = load(n)
def run():
    for _ in range(3):
        m.rollout(0.0, jnp.ones(4))
out = stdout_of(run)
verdict(n, out.count("state") != 12, f"printed {out.count('state')}x (expected 12 = 3 calls x 4 steps)")
