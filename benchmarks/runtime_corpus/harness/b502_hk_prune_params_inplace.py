from rt import *
n = "b502_hk_prune_params_inplace"; m, _, _ = load(n)
params = m.net.init(jax.random.key(0), jnp.ones((1, 4)))
sparsity = float(m.prune_step(params, 0.3))
remaining_small = sum(int(jnp.sum((jnp.abs(p["w"]) <= 0.3) & (p["w"] != 0))) for p in params.values())
verdict(n, sparsity > 0 and remaining_small > 0,
        f"reported sparsity {sparsity:.2f} but {remaining_small} small weights still nonzero in caller's params")
