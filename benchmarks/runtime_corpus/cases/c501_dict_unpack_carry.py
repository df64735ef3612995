# expect: none
import jax
import jax.numpy as jnp


def power_iteration(a, tol=1e-6, max_iter=100):
    def cond(c):
        return (c["delta"] > tol) & (c["i"] < max_iter)

    def body(c):
        v = a @ c["v"]
        v = v / jnp.linalg.norm(v)
        return {**c, "v": v, "delta": jnp.linalg.norm(v - c["v"]), "i": c["i"] + 1}

    init = {"v": jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0]), "delta": jnp.inf, "i": 0}
    out = jax.lax.while_loop(cond, body, init)
    return out["v"] @ a @ out["v"], out["i"]
