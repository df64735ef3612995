from rt import *
n = "c104_from_jax_import_random"; m, _, _ = load(n, key_reuse=True)
outs = m.run(0, jnp.ones(3), 4)
distinct = len({float(o[0]) for o in outs})
verdict(n, distinct != 4, f"{distinct} distinct outputs over 4 steps")
