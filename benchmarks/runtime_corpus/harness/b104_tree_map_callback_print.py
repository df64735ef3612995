from rt import *
n = "b104_tree_map_callback_print"; m, _, _ = load(n)
def run():
    for _ in range(3):
        m.clip_updates({"w": jnp.ones(2)}, 0.5)
out = stdout_of(run)
verdict(n, out.count("clipping leaf") != 3, f"printed {out.count('clipping leaf')}x over 3 calls")
