from rt import *
n = "b104_pmap_print"; m, _, _ = load(n)
def run():
    for _ in range(3):
        m.device_step(jnp.ones(jax.local_device_count()))
out = stdout_of(run)
verdict(n, out.count("device result") != 3, f"printed {out.count('device result')}x over 3 calls")
