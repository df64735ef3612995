from rt import *
n = "b101_dtype_global_precision"; m, _, _ = load(n)
p = [jnp.ones((3, 3))]
m.mlp_forward(p, jnp.ones((2, 3)))
m.set_precision("bf16")
out = m.mlp_forward(p, jnp.ones((2, 3)))
verdict(n, out.dtype != jnp.bfloat16, f"dtype after set_precision(bf16): {out.dtype}")
