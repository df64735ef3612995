from rt import *
n = "c104_print_static_config"; m, _, _ = load(n)
def run():
    for _ in range(3):
        m.build(jnp.ones(2), num_layers=2)
out = stdout_of(run)
verdict(n, "Tracer" in out, f"prints only static values: {out.strip()}")
